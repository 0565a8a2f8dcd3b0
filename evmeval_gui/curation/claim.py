"""The curation lock taken by a curation being opened in the background, until the window keeps it.

The job runner's thread takes the lock (`evmeval.agreement.curation_lock`) as part of finding the
curation; the user may cancel the opening at any moment, also after the lock was taken and before the
result reaches the window (the runner then drops the result). Whichever side comes last gives the lock
up, so a cancelled opening never leaves a lock behind until the window closes. No Qt: both threads use it.
"""

from __future__ import annotations

import threading

from evmeval.agreement import curation_lock as lock


class LockClaim:
    """One opening's lock: `took` (worker), then `keep` (the window shows it) or `drop` (given up)."""

    def __init__(self, folder: str, owner: str) -> None:
        self.folder = folder
        self.owner = owner
        self._mutex = threading.Lock()
        self._key = ""
        self._dropped = False

    def took(self, key: str) -> bool:
        """The worker holds the lock of `key` now; False (and the lock given up) when the opening was
        dropped meanwhile."""
        with self._mutex:
            if not self._dropped:
                self._key = key
                return True
        lock.release(self.folder, key, self.owner)
        return False

    def keep(self) -> bool:
        """The window shows the curation: the lock is its own from now on (False: already dropped)."""
        with self._mutex:
            if self._dropped:
                return False
            self._key = ""
            self._dropped = True  # nothing left to give up
            return True

    def drop(self) -> None:
        """The opening was cancelled, failed or superseded: the lock it took (if any) is given up."""
        with self._mutex:
            key, self._key, self._dropped = self._key, "", True
        if key:
            lock.release(self.folder, key, self.owner)
