"""Frozen dataclasses without an instance `__dict__`, whose packed fields keep their value in a slot (issue 34).

A document record (`model.Document`, `mention.scoring.DocumentResult`) reads some fields through a descriptor
that keeps a packed form and gives back the plain one (`model.PackedField`, `align.packed.MappingsField`). Such a
descriptor kept its value in the instance's `__dict__`, so every record of a corpus had one: a record and its dict
for each of a 4,480-document corpus's 8,960 documents and 4,480 results were about 2 MB of what the window kept.
`packed_slots` makes the class a `dataclass(frozen=True, slots=True)` and puts each such descriptor back over its
field's slot, keeping the value in that slot: the generated `__init__`, `__eq__`, `__hash__`, `__repr__`,
pickling and `dataclasses.replace` still go through the descriptor, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:  # Python 3.10's typing has none; at run time it only marks the function
    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda function: function

C = TypeVar("C", bound=type)


class SlotKept:
    """A data descriptor keeping its value in the slot `packed_slots` gives it (`kept`, `keep`); on a class that
    has no such slot, in the instance's `__dict__` under `_<name>`."""

    name = ""
    kept: Callable[[Any], Any]
    """The value as kept (packed or plain) of an instance: what the descriptor was given, not read back."""
    keep: Callable[[Any, Any], None]
    """Keep a value in an instance."""

    def __set_name__(self, owner: Any, name: str) -> None:
        self.name, key = name, "_" + name
        self.kept = lambda holder: holder.__dict__[key]
        self.keep = lambda holder, value: holder.__dict__.__setitem__(key, value)


@dataclass_transform(frozen_default=True)
def packed_slots(cls: C) -> C:
    """`cls` as `dataclass(frozen=True, slots=True)`, its `SlotKept` descriptors each over its field's slot."""
    kept = {name: value for name, value in vars(cls).items() if isinstance(value, SlotKept)}
    made: Any = dataclass(frozen=True, slots=True)(cls)
    for name, descriptor in kept.items():
        slot = vars(made)[name]  # the slot's own member descriptor, which the descriptor reads and writes through
        descriptor.kept, descriptor.keep = slot.__get__, slot.__set__
        setattr(made, name, descriptor)
    return made  # type: ignore[no-any-return]


def kept_field(holder: object, name: str) -> Any:
    """Field `name` of `holder` as kept (packed or plain), when a `SlotKept` descriptor reads it; else None."""
    for klass in type(holder).__mro__:
        found = vars(klass).get(name)
        if found is not None:
            return found.kept(holder) if isinstance(found, SlotKept) else None
    return None
