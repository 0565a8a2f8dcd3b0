"""Two background jobs that pause the collector overlap (a Changes search while the Conventions page compares):
the first to end must not re-enable it under the other, and the last to end re-enables it."""

from __future__ import annotations

import gc
import threading

from evmeval_gui.model import collector


def test_the_collector_stays_paused_until_the_last_overlapping_pause_ends() -> None:
    assert gc.isenabled()
    first_in, second_in, first_out, release_second = (threading.Event() for _ in range(4))
    seen: dict[str, bool] = {}

    def second() -> None:
        first_in.wait(5)
        with collector.paused():
            second_in.set()
            release_second.wait(5)
            seen["inside the second after the first ended"] = gc.isenabled()

    worker = threading.Thread(target=second)
    worker.start()
    with collector.paused():
        first_in.set()
        second_in.wait(5)
    first_out.set()
    seen["after the first ended"] = gc.isenabled()
    release_second.set()
    worker.join(5)
    assert seen == {"after the first ended": False, "inside the second after the first ended": False}
    assert gc.isenabled()


def test_a_failed_pause_re_enables_the_collector() -> None:
    assert gc.isenabled()
    try:
        with collector.paused():
            assert not gc.isenabled()
            raise ValueError("a load that failed")
    except ValueError:
        pass
    assert gc.isenabled()
