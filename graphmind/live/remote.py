"""Queries a running daemon answers for a short-lived process because it holds what is slow to load:
a search by meaning needs the model (about a second to load), which the daemon keeps loaded."""
from __future__ import annotations

import logging
from pathlib import Path

from graphmind.errors import DaemonBusyError, DaemonError, DaemonNotRunningError
from graphmind.live import client

log = logging.getLogger(__name__)

SEARCH_TIMEOUT_S = 15.0     # a daemon's first search by meaning loads the model; a busy machine slows it


def search(root: Path, query: str, *, mode: str | None, kind: str | None, file: str | None, limit: int,
           stale: set[str]) -> tuple[str, list] | None:
    """(the mode run, its results) from the workspace's daemon, or None when no daemon answers it (an
    older daemon, a busy or stopping one): the caller then searches in its own process."""
    from graphmind.query.search import Result
    try:
        reply = client.request(root, "search", io_timeout=SEARCH_TIMEOUT_S, query=query, mode=mode, kind=kind,
                               file=file, limit=limit, stale=sorted(stale))
    except (DaemonNotRunningError, DaemonBusyError, DaemonError) as exc:
        log.debug("searching in this process: %s", exc)
        return None
    return reply["mode"], [Result(**r) for r in reply["results"]]
