"""The daemon's share of the semantic index: in idle time, embed what changed, a group at a time, and
give way as soon as a change arrives. Only in a workspace that was embedded once (`graphmind embed`
made its vector file), and only with the extra installed: otherwise nothing is loaded."""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

IDLE_SLICE_S = 2.0          # at most this long per idle turn before the writer looks at its queue again


def wants_vectors(root: Path) -> bool:
    """Whether this workspace keeps vectors (it was embedded once) and the extra is here to keep them."""
    from graphmind.store.vectors import vectors_path
    if not vectors_path(root).is_file():
        return False
    from graphmind.semantic.model import available
    return available()


def embed_idle(conn, root: Path, busy: Callable[[], bool]) -> bool:
    """One idle turn of embedding; True while there is more to do."""
    from graphmind.semantic.embedder import embed_workspace
    try:
        report = embed_workspace(conn, root, deadline=time.monotonic() + IDLE_SLICE_S, should_stop=busy)
    except Exception as exc:                # the vectors are advisory: the daemon keeps serving
        log.warning("embedding failed: %s", exc)
        return False
    if report.encoded or report.removed:
        log.info("embedded %d definitions (%d reused, %d files)", report.encoded, report.reused, report.files)
    return not report.done and not report.skipped
