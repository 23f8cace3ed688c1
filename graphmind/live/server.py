"""The daemon's Unix socket: accepts connections, reads request lines, writes reply lines.

One thread accepts (blocked in select, woken by a pipe on stop: no polling when idle), one thread per
connection (at most MAX_CONNECTIONS; more get a `busy` reply). The socket file is created with mode
0600. Whatever a client sends, the worst it gets is an error reply and a closed connection.
"""
from __future__ import annotations

import logging
import os
import selectors
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from graphmind.live import protocol

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 32
IDLE_TIMEOUT_S = 60.0          # a connection silent this long is closed (a wait_fresh is not silence)

Handler = Callable[[bytes], dict]


class SocketServer:
    def __init__(self, path: Path, handle: Handler):
        self.path, self.handle = path, handle
        self._sock: socket.socket | None = None
        self._wake_r, self._wake_w = os.pipe()
        self._threads: set[threading.Thread] = set()
        self._conns: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closing = False
        self._acceptor: threading.Thread | None = None

    def bind(self) -> None:
        """Create the socket file (owner-only), replacing a stale one; call while holding the daemon lock."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            sock.bind(str(self.path))
        finally:
            os.umask(old)
        os.chmod(self.path, 0o600)
        sock.listen(64)
        self._sock = sock

    def start(self) -> None:
        self._acceptor = threading.Thread(target=self._accept_loop, name="graphmind-accept", daemon=True)
        self._acceptor.start()

    def _accept_loop(self) -> None:
        sel = selectors.DefaultSelector()
        sel.register(self._sock, selectors.EVENT_READ)
        sel.register(self._wake_r, selectors.EVENT_READ)
        try:
            while not self._closing:
                for key, _ in sel.select():
                    if key.fileobj is not self._sock or self._closing:
                        continue
                    try:
                        conn, _ = self._sock.accept()
                    except OSError:
                        continue
                    self._spawn(conn)
        finally:
            sel.close()

    def _spawn(self, conn: socket.socket) -> None:
        with self._lock:
            if len(self._threads) >= MAX_CONNECTIONS:
                try:
                    reply = protocol.error(f"all {MAX_CONNECTIONS} connections are in use", "busy")
                    conn.sendall(protocol.encode({**reply, "pid": os.getpid()}))
                finally:
                    conn.close()
                return
            t = threading.Thread(target=self._serve, args=(conn,), name="graphmind-conn", daemon=True)
            self._threads.add(t)
            self._conns.add(conn)
        t.start()

    def _serve(self, conn: socket.socket) -> None:
        buf = bytearray()
        try:
            conn.settimeout(IDLE_TIMEOUT_S)
            while not self._closing:
                try:
                    line = protocol.read_line(conn, buf)
                except protocol.ProtocolError as exc:
                    conn.sendall(protocol.encode(protocol.error(str(exc), "bad_request")))
                    return
                if line is None:
                    return
                if not line.strip():
                    continue
                conn.sendall(protocol.encode(self.handle(line)))
        except OSError:
            pass                                     # client went away, timed out, or we are closing
        finally:
            with self._lock:
                self._conns.discard(conn)
                self._threads.discard(threading.current_thread())
            conn.close()

    def close(self, timeout: float = 5.0) -> None:
        """Stop accepting, end every connection, join every thread, remove the socket file."""
        if self._closing:
            return
        self._closing = True
        os.write(self._wake_w, b"x")
        if self._acceptor is not None:
            self._acceptor.join(timeout)
        with self._lock:
            conns, threads = list(self._conns), list(self._threads)
        for conn in conns:                   # ends their reads; a reply being written still goes out
            try:
                conn.shutdown(socket.SHUT_RD)
            except OSError:
                pass
        for t in threads:
            t.join(timeout)
        if self._sock is not None:
            self._sock.close()
        for fd in (self._wake_r, self._wake_w):
            os.close(fd)
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
