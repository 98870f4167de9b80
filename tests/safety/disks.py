"""A real small disk for the tests of a full disk: a tmpfs of a few megabytes mounted on a folder of the test.

Mounting needs root, which CI has (``.ci/run`` runs as root) and so does this machine; the disk is unmounted when
the test ends, whatever happened. ``fill(folder, leave)`` fills it up to ``leave`` bytes of free space.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def small_disk(folder: Path, megabytes: int) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.fail("this test mounts a small filesystem and must run as root (CI does: .ci/run)")
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0755", "tmpfs", str(folder)],
                   check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def free_bytes(folder: Path) -> int:
    stats = os.statvfs(folder)
    return stats.f_bavail * stats.f_frsize


def fill(folder: Path, leave: int) -> Path:
    """A file that takes the disk's space but ``leave`` bytes (rounded to the disk's blocks)."""
    filler = folder / "filler.bin"
    with open(filler, "ab") as handle:
        while (room := free_bytes(folder) - leave) > 0:
            handle.write(b"\0" * min(room, 1 << 20))
            handle.flush()
    return filler


def read_only(folder: Path) -> None:
    """The disk mounted on ``folder`` from now on refuses every write (a write-protected stick, a failing disk
    the system remounted read-only)."""
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
