"""One source for every rule in the window: a file dialog's filter is written in one place (the editor's Save
dialog had a copy of the TBF filter that `dialogs.py` gives the others), so a change to what a dialog offers
reaches every dialog that offers it; and `1 row` / `2 rows` is made by the one formatter."""

from __future__ import annotations

import ast
import contextlib
from collections import defaultdict
from pathlib import Path

import evmeval_gui

GUI = Path(evmeval_gui.__file__).parent


def _filters() -> dict[str, list[str]]:
    """Each file dialog filter string (it names a pattern such as `(*.tbf)`) and the `file:line`s that write it."""
    places: dict[str, list[str]] = defaultdict(list)
    for path in sorted(GUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "(*." in node.value:
                places[node.value].append(f"{path.relative_to(GUI)}:{node.lineno}")
    return places


def test_each_file_dialog_filter_is_written_once() -> None:
    twice = {text: where for text, where in _filters().items() if len(where) > 1}
    assert twice == {}
    assert "TBF files (*.tbf);;All files (*)" in _filters()  # the walk sees the filters


def _hand_made_plurals(path: Path) -> list[str]:
    """`file:line` of each plural ending chosen by hand (`'s' if count != 1 else ''`) instead of `plural`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.IfExp) and {getattr(node.body, "value", None), getattr(node.orelse, "value", None)} \
                == {"s", ""}:
            found.append(f"{path.relative_to(GUI)}:{node.lineno}")
    return found


def test_plurals_are_made_by_the_one_formatter() -> None:
    """`formatting.plural` is the one rule for `1 row` / `2 rows`."""
    from evmeval_gui.model.formatting import plural

    found = [where for path in sorted(GUI.rglob("*.py")) if path.name != "formatting.py"
             for where in _hand_made_plurals(path)]
    assert found == []
    assert plural(1, "changed trigger") == "1 changed trigger" and plural(0, "file") == "0 files"


def _constants(path: Path) -> dict[str, object]:
    """The module's UPPER_CASE names bound at its top to a literal (a number, a string, a tuple of them)."""
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Name) and target.id.isupper():
                with contextlib.suppress(ValueError):
                    found[target.id] = ast.literal_eval(value)
    return found


KNOWN = {"BAR_WIDTH", "_STATE_TEXT",  # coref/ is being changed on another branch this round
         "MENTIONS"}  # each selector's own key for its first entry (the agreement matrix's, the Changes tab's)


def test_no_rule_is_a_constant_written_twice() -> None:
    """A constant bound to the same value under the same name in two modules is one rule in two places (the
    charts' text colour, the document count from which charts count in the background): one module owns it."""
    places: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(GUI.rglob("*.py")):
        for name, value in _constants(path).items():
            places[(name, repr(value))].append(str(path.relative_to(GUI)))
    twice = {name: where for (name, _), where in places.items() if len(where) > 1 and name not in KNOWN}
    assert twice == {}
