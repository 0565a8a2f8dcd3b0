"""The window's pre-flight check names the Debian packages Qt's X11 plugin needs, instead of an abort."""

from __future__ import annotations

from evmeval_gui import platform_check


def test_xcb_is_used_only_on_x11() -> None:
    assert platform_check.uses_xcb({"QT_QPA_PLATFORM": "xcb"})
    assert not platform_check.uses_xcb({"QT_QPA_PLATFORM": "offscreen"})
    assert not platform_check.uses_xcb({"QT_QPA_PLATFORM": "wayland"})
    assert not platform_check.uses_xcb({"WAYLAND_DISPLAY": "wayland-0"})


def test_missing_libraries_are_named_with_their_packages(monkeypatch) -> None:
    present = {"xcb-icccm", "xcb-image", "xcb-keysyms", "xcb-randr", "xcb-render-util", "xcb-shape",
               "xcb-xkb", "xkbcommon-x11"}
    monkeypatch.setattr(platform_check.ctypes.util, "find_library",
                        lambda name: f"lib{name}.so" if name in present else None)
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert platform_check.missing_xcb_packages() == ["libxcb-cursor0"]
    message = platform_check.window_problem()
    assert message is not None and "sudo apt-get install libxcb-cursor0" in message


def test_no_message_when_everything_is_there(monkeypatch) -> None:
    monkeypatch.setattr(platform_check.ctypes.util, "find_library", lambda name: f"lib{name}.so")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert platform_check.window_problem() is None
