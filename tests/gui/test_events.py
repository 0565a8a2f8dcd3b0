"""The model's tiny signal: Qt-like connect/disconnect/emit, bound methods held weakly."""

from __future__ import annotations

import gc

from evmeval_gui.model.events import Signal


class Listener:
    def __init__(self) -> None:
        self.got: list[object] = []

    def on(self, value: object) -> None:
        self.got.append(value)


def test_listeners_are_called_in_order_and_can_disconnect_while_emitting():
    signal = Signal("changed")
    calls: list[str] = []

    def first(value: int) -> None:
        calls.append(f"first {value}")
        signal.disconnect(first)

    signal.connect(first)
    signal.connect(lambda value: calls.append(f"second {value}"))
    signal.emit(1)
    signal.emit(2)
    assert calls == ["first 1", "second 1", "second 2"]
    signal.disconnect()
    assert len(signal) == 0


def test_a_bound_method_is_held_weakly_like_a_qt_slot():
    signal = Signal()
    listener = Listener()
    signal.connect(listener.on)
    signal.emit("a")
    assert listener.got == ["a"] and len(signal) == 1
    del listener
    gc.collect()
    signal.emit("b")  # nobody to call, no error
    assert len(signal) == 0


def test_a_listener_connected_first_is_called_before_those_connected_already():
    """A mode built when first wanted says whether it is still shown before the window's parts ask which is."""
    signal = Signal("corpus_loaded")
    calls: list[str] = []
    signal.connect(lambda: calls.append("window part"))
    signal.connect(lambda: calls.append("mode"), first=True)
    signal.connect(lambda: calls.append("later part"))
    signal.emit()
    assert calls == ["mode", "window part", "later part"]
