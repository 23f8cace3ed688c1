"""Keeping a long-running daemon's memory flat: one malloc arena, freed heap given back while idle."""
from __future__ import annotations

import ctypes
import gc

M_ARENA_MAX = -8            # glibc's mallopt parameter number


def _libc():
    """The C library's functions (glibc's malloc_trim and mallopt), or None elsewhere."""
    try:
        return ctypes.CDLL(None)
    except OSError:
        return None


def release_memory() -> None:
    """Give freed memory back to the OS while idle (glibc keeps freed heap otherwise), and move what
    survives out of the collector's sight: the kept tables are ~1.5M objects, a full collection
    of them would cost a save ~20 ms at random."""
    gc.collect()
    gc.freeze()
    trim = getattr(_libc(), "malloc_trim", None)        # glibc only
    if trim is not None:
        trim(0)


def share_one_malloc_arena() -> None:
    """Let every thread allocate from one glibc arena (before any thread starts): the writer, the
    watcher and each connection's thread would otherwise each leave a fragmented heap behind
    (Django, three 500-file switches: ~8 MB less resident afterwards)."""
    mallopt = getattr(_libc(), "mallopt", None)          # glibc only
    if mallopt is not None:
        mallopt(M_ARENA_MAX, 1)
