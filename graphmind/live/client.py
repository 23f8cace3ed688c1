"""Talking to a workspace's daemon: where its files are, requests over its socket, start and stop.

Cheap to import (no watchdog, no tree-sitter; socket, the wire format and subprocess only once a daemon's
socket file is there or one is started): the CLI asks it on every query whether a daemon runs.
"""
from __future__ import annotations

import fcntl
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from graphmind import config, private
from graphmind.errors import DaemonBusyError, DaemonError, DaemonNotRunningError

SOCKET_PATH_MAX = 100        # AF_UNIX paths are limited to 107 bytes; longer roots use a short path in /tmp
START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class DaemonFiles:
    lock: Path
    pid: Path
    socket: Path
    log: Path


def daemon_files(root: Path) -> DaemonFiles:
    """Where a workspace's daemon keeps its lock, pid, socket and log."""
    d = root / config.INDEX_DIR
    sock = d / "daemon.sock"
    if len(os.fsencode(sock)) > SOCKET_PATH_MAX:
        # owner-only, checked before use: another user's folder could hold a socket answering in our place
        import hashlib
        import tempfile
        short = private.own_dir(Path(tempfile.gettempdir()) / f"graphmind-{os.getuid()}", 0o700)
        sock = short / (hashlib.sha256(os.fsencode(root)).hexdigest()[:20] + ".sock")
    return DaemonFiles(d / "daemon.lock", d / "daemon.pid", sock, d / "daemon.log")


def read_pid(root: Path) -> int | None:
    """The pid written by the last daemon (it may be gone: see lock_held)."""
    try:
        return int((private.read_own(daemon_files(root).pid) or b"").decode("ascii", "replace").strip())
    except ValueError:
        return None


def lock_held(root: Path) -> bool:
    """Whether a live daemon holds the workspace lock (a crashed daemon's lock is released by the kernel)."""
    path = daemon_files(root).lock
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)    # a FIFO: no wait
    except OSError:                          # missing; or a link, which no daemon of ours uses
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)


class Connection:
    """One connection to a daemon; requests are answered in order."""

    def __init__(self, root: Path, timeout: float = 5.0):
        path = daemon_files(root).socket
        if not os.path.exists(path):           # no socket file: no daemon (the usual case of a query)
            raise DaemonNotRunningError()
        import socket
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        try:
            self.sock.connect(str(path))
        except OSError:
            self.sock.close()
            raise DaemonNotRunningError() from None
        self._buf = bytearray()

    def request(self, op: str, /, **fields) -> dict:
        """Send one request; the reply (raises DaemonError on an error reply)."""
        from graphmind.live import protocol
        reply = self.raw(protocol.encode({"op": op, **fields}))
        if not reply.get("ok") and reply.get("kind") == "busy":
            raise DaemonBusyError(reply.get("error", "every connection is in use"))
        if not reply.get("ok"):
            raise DaemonError(reply.get("error", "no reason given"))
        return reply

    def raw(self, line: bytes) -> dict:
        """Send bytes as they are; the next reply line, decoded."""
        import orjson

        from graphmind.live import protocol
        try:
            try:
                self.sock.sendall(line)
            except BrokenPipeError:            # it may have replied and closed first (`busy`): read that
                pass
            reply = protocol.read_line(self.sock, self._buf, limit=1 << 30)
        except (OSError, protocol.ProtocolError) as exc:
            raise DaemonError(f"connection lost: {exc}") from None
        if reply is None:
            raise DaemonError("the daemon closed the connection")
        return orjson.loads(reply)

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> "Connection":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def request(root: Path, op: str, /, io_timeout: float = 5.0, **fields) -> dict:
    """One request on a fresh connection (io_timeout: how long to wait for the reply)."""
    with Connection(root, io_timeout) as conn:
        return conn.request(op, **fields)


def running(root: Path) -> bool:
    """Whether a daemon answers on this workspace's socket."""
    try:
        request(root, "ping", io_timeout=2.0)
        return True
    except DaemonBusyError:
        return True
    except (DaemonNotRunningError, DaemonError):
        return False


def wait_fresh(root: Path, timeout: float) -> dict | None:
    """Ask the daemon to wait until pending changes are committed; its reply, or None when none runs."""
    from graphmind.live import protocol
    try:
        with Connection(root, timeout + 5.0) as conn:
            return conn.request("wait_fresh", timeout=min(max(timeout, 0.0), protocol.MAX_WAIT_S))
    except DaemonNotRunningError:
        return None


def start(root: Path, timeout: float = START_TIMEOUT_S) -> dict:
    """Start a detached daemon for root and wait until it answers; its ping reply."""
    files = daemon_files(root)
    private.index_dir(root)
    import subprocess
    with os.fdopen(private.open_own(files.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND), "ab") as logf:
        proc = subprocess.Popen([sys.executable, "-m", "graphmind", "watch", "--root", str(root), "--background"],
                                stdin=subprocess.DEVNULL, stdout=logf, stderr=logf, cwd=str(root),
                                start_new_session=True, close_fds=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            return request(root, "ping", io_timeout=2.0)
        except (DaemonNotRunningError, DaemonError):
            pass
        code = proc.poll()
        if code is not None:
            raise DaemonError(f"it exited with status {code}: {_log_tail(files.log)}")
        time.sleep(0.05)
    raise DaemonError(f"it did not answer within {timeout:.0f}s: {_log_tail(files.log)}")


def _log_tail(path: Path, lines: int = 5) -> str:
    try:
        return " | ".join((private.read_own(path) or b"").decode("utf-8", "replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def stop(root: Path, timeout: float = STOP_TIMEOUT_S) -> int | None:
    """Stop the workspace's daemon (a stop request, else SIGTERM); the pid stopped, or None if none ran."""
    pid = read_pid(root)
    try:
        request(root, "stop")
    except (DaemonNotRunningError, DaemonError):
        if not lock_held(root):
            return None
        if pid is not None:
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while lock_held(root):
        if time.monotonic() > deadline:
            raise DaemonError(f"pid {pid} did not stop within {timeout:.0f}s")
        time.sleep(0.05)
    return pid
