"""A tiny signal for the Qt-free layer: `connect`, `disconnect`, `emit`, nothing else.

Listeners are called synchronously, in connection order (`first`: before those already connected), on the thread
that emits (the session emits on the GUI thread only: background work reaches it through the job runner). A bound
method is held weakly, like a Qt connection to a QObject's slot: a view that is gone stops being called. Other
callables (functions, lambdas) are held strongly. The shape (`connect`/`disconnect`/`emit`) is the one Qt signals
have, so pytest-qt's `waitSignal` and Qt-style code work with both."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

Listener = Callable[..., Any]


class Signal:
    """One event kind; `emit(*args)` calls every connected listener with `args`."""

    __slots__ = ("__weakref__", "_listeners", "name")

    def __init__(self, name: str = "") -> None:
        self.name = name
        self._listeners: list[Callable[[], Listener | None]] = []

    def connect(self, listener: Listener, *, first: bool = False) -> Listener:
        """Call `listener` on every `emit`; returns it (usable as a decorator). `first`: before the listeners
        connected already (a mode built when first wanted, which must say whether it is still shown before the
        window's parts, connected at launch, ask which mode is)."""
        if getattr(listener, "__self__", None) is not None and hasattr(listener, "__func__"):
            ref: Callable[[], Listener | None] = weakref.WeakMethod(listener)  # type: ignore[arg-type]
        else:
            ref = _Strong(listener)
        if first:
            self._listeners.insert(0, ref)
        else:
            self._listeners.append(ref)
        return listener

    def disconnect(self, listener: Listener | None = None) -> None:
        """Stop calling `listener` (every listener when None); unknown listeners are ignored."""
        if listener is None:
            self._listeners.clear()
            return
        self._listeners = [r for r in self._listeners if r() is not None and r() != listener]

    def emit(self, *args: Any) -> None:
        """Call the listeners (a listener may connect or disconnect others meanwhile)."""
        dead = False
        for ref in list(self._listeners):
            listener = ref()
            if listener is None:
                dead = True
                continue
            listener(*args)
        if dead:
            self._listeners = [r for r in self._listeners if r() is not None]

    def __len__(self) -> int:
        """How many listeners are connected (and alive)."""
        return sum(1 for r in self._listeners if r() is not None)

    def __repr__(self) -> str:
        return f"<Signal {self.name or hex(id(self))} ({len(self)} listeners)>"


class _Strong:
    __slots__ = ("listener",)

    def __init__(self, listener: Listener) -> None:
        self.listener = listener

    def __call__(self) -> Listener:
        return self.listener
