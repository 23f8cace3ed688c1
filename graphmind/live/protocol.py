"""The daemon's wire format: newline-delimited JSON over a Unix socket (docs/protocol.md).

One request per line, one reply per line, in order, on one connection. A request is an object with
"op" and that op's fields (and an optional "id", echoed back). A reply is {"ok": true, ...} or
{"ok": false, "error": "..."}; a bad request gets an error reply, never a dropped daemon. A request
longer than MAX_REQUEST_BYTES gets an error reply and the connection is closed (it cannot resync).
"""
from __future__ import annotations

import socket
from dataclasses import MISSING, dataclass, fields
from typing import Any

import orjson

from graphmind import config

MAX_REQUEST_BYTES = 64 * 1024
MAX_WAIT_S = 600.0
MAX_DEPTH = 10
MAX_LIMIT = 10_000


class ProtocolError(Exception):
    """A request the daemon cannot take; its text is the error reply."""


@dataclass
class Ping:
    """Is a daemon serving this workspace? Replies pid, root, version."""


@dataclass
class Status:
    """pid, uptime, files watched, pending changes, last update, RSS, reuse share."""


@dataclass
class WaitFresh:
    """Wait until every change made before the request is committed (at most `timeout` seconds)."""
    timeout: float = 5.0


@dataclass
class Reconcile:
    """Compare the whole workspace with the index now (what a queue overflow triggers)."""


@dataclass
class Stop:
    """Stop the daemon (replies first)."""


@dataclass
class Walk:
    """blast_radius (up, depth), callers (up, 1), callees (down, depth): the CLI's JSON answer."""
    symbol: str
    depth: int = config.DEFAULT_DEPTH
    limit: int = config.DEFAULT_LIMIT
    all: bool = False
    wait_fresh: float | None = None
    kinds: list[str] | None = None       # blast_radius only: edge kinds to follow (default all)


@dataclass
class Symbols:
    """Definitions by name pattern, file or kind."""
    pattern: str | None = None
    file: str | None = None
    kind: str | None = None
    limit: int = 200


@dataclass
class Search:
    """Definitions by name or words (`graphmind search`): mode lexical, semantic or hybrid (default: hybrid
    when the workspace has vectors); the daemon keeps the model loaded, so a search by meaning costs no load."""
    query: str
    mode: str | None = None
    kind: str | None = None
    file: str | None = None
    limit: int = 20
    stale: list[str] | None = None       # files the asker already knows are stale


OPS: dict[str, type] = {"ping": Ping, "status": Status, "wait_fresh": WaitFresh, "reconcile": Reconcile,
                        "stop": Stop, "blast_radius": Walk, "callers": Walk, "callees": Walk, "symbols": Symbols,
                        "search": Search}
_TYPES = {"str": (str,), "int": (int,), "float": (int, float), "bool": (bool,)}


def _check(op: str, name: str, annotation: str, value: Any) -> Any:
    kinds = [k.strip() for k in annotation.split("|")]
    if value is None and "None" in kinds:
        return None
    for k in kinds:
        if k == "list[str]" and isinstance(value, list) and all(isinstance(v, str) for v in value):
            return value
        types = _TYPES.get(k, ())
        if isinstance(value, types) and not (k != "bool" and isinstance(value, bool)):
            return float(value) if k == "float" else value
    raise ProtocolError(f"{op}: field '{name}' must be {annotation}")


def parse_request(line: bytes) -> tuple[str, Any, Any]:
    """(op, its typed arguments, id) of one request line; raises ProtocolError on anything wrong."""
    if len(line) > MAX_REQUEST_BYTES:
        raise ProtocolError(f"request larger than {MAX_REQUEST_BYTES} bytes")
    try:
        doc = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        raise ProtocolError(f"not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise ProtocolError("a request is a JSON object with an 'op'")
    op, rid = doc.pop("op", None), doc.pop("id", None)
    if op not in OPS:
        raise ProtocolError(f"unknown op {op!r}; known: {', '.join(sorted(OPS))}")
    cls = OPS[op]
    known = {f.name: f for f in fields(cls)}
    extra = sorted(set(doc) - set(known))
    if extra:
        raise ProtocolError(f"{op}: unknown field(s) {', '.join(extra)}")
    args = {}
    for name, f in known.items():
        if name not in doc:
            if f.default is MISSING:
                raise ProtocolError(f"{op}: missing field '{name}'")
            continue
        args[name] = _check(op, name, str(f.type), doc[name])
    req = cls(**args)
    _bounds(op, req)
    return op, req, rid


def _bounds(op: str, req: Any) -> None:
    for name, lo, hi in (("timeout", 0, MAX_WAIT_S), ("wait_fresh", 0, MAX_WAIT_S), ("depth", 1, MAX_DEPTH),
                         ("limit", 1, MAX_LIMIT)):
        value = getattr(req, name, None)
        if value is not None and not lo <= value <= hi:
            raise ProtocolError(f"{op}: '{name}' must be between {lo} and {hi}")


def ok(**fields_: Any) -> dict:
    """A success reply."""
    return {"ok": True, **fields_}


def error(message: str, kind: str = "error") -> dict:
    """An error reply."""
    return {"ok": False, "error": message, "kind": kind}


def encode(doc: dict) -> bytes:
    """One line on the wire."""
    return orjson.dumps(doc, option=orjson.OPT_NON_STR_KEYS) + b"\n"


def read_line(sock: socket.socket, buf: bytearray, limit: int = MAX_REQUEST_BYTES) -> bytes | None:
    """The next line from a socket (without its newline), keeping leftovers in buf; None at EOF.

    Raises ProtocolError once more than `limit` bytes arrive without a newline.
    """
    while True:
        nl = buf.find(b"\n")
        if nl >= 0:
            line = bytes(buf[:nl])
            del buf[:nl + 1]
            return line
        if len(buf) > limit:
            raise ProtocolError(f"request larger than {limit} bytes")
        chunk = sock.recv(65536)
        if not chunk:
            return None
        buf += chunk
