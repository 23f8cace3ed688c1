"""The cyclic garbage collector paused around work that allocates millions of objects it need not
look at: a full collection scans every tracked object, so its cost grows with what is alive."""
from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off (reference counting still frees what it drops);
    it is switched back on after only if it was on before (a caller may have paused it already)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
