"""A small LSP client over stdio for the tests: `graphmind lsp` as a real subprocess, JSON-RPC framed by
Content-Length headers, requests answered in any order, notifications from the server kept."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote

TIMEOUT_S = 60.0


def uri(path: Path) -> str:
    return "file://" + quote(str(Path(os.path.realpath(path))))


class LspError(Exception):
    """The server answered a request with an error."""

    def __init__(self, error: dict):
        super().__init__(f"{error.get('code')}: {error.get('message')}")
        self.code = error.get("code")


class Client:
    """One `graphmind lsp` process and the client side of its stdio."""

    def __init__(self, cwd: Path, *args: str):
        env = dict(os.environ, PYTHONUTF8="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "graphmind", "lsp", *args], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self._next = 0
        self._answers: dict[int, queue.Queue] = {}
        self.notifications: list[dict] = []
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.stderr: list[bytes] = []
        threading.Thread(target=lambda: self.stderr.extend(self.proc.stderr), daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            msg = json.loads(out.read(length))
            if "id" in msg and ("result" in msg or "error" in msg):
                with self._lock:
                    box = self._answers.get(msg["id"])
                if box is not None:
                    box.put(msg)
            elif "id" in msg:                       # a request from the server (e.g. capability registration)
                self._send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            else:
                self.notifications.append(msg)

    def _send(self, msg: dict) -> None:
        body = json.dumps(msg).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method: str, params=None, timeout: float = TIMEOUT_S):
        """Send a request and wait for its answer; an error answer raises LspError."""
        with self._lock:
            self._next += 1
            rid = self._next
            box = self._answers[rid] = queue.Queue()
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        try:
            msg = box.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no answer to {method} within {timeout}s; stderr: {b''.join(self.stderr)[-2000:]!r}")
        if "error" in msg:
            raise LspError(msg["error"])
        return msg["result"]

    def notify(self, method: str, params=None) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def initialize(self, root: Path, **capabilities) -> dict:
        result = self.request("initialize", {"processId": os.getpid(), "rootUri": uri(root),
                                             "capabilities": capabilities or {}})
        self.notify("initialized", {})
        return result

    def open(self, path: Path, version: int = 1) -> str:
        u = uri(path)
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": u, "languageId": "python", "version": version, "text": path.read_text()}})
        return u

    def at(self, method: str, u: str, line: int, character: int, **extra):
        """A text-document-position request (0-based line and character)."""
        return self.request(method, {"textDocument": {"uri": u}, "position": {"line": line, "character": character},
                                     **extra})

    def close(self, timeout: float = 30.0) -> int:
        """shutdown + exit; the process's exit status."""
        if self.proc.poll() is None:
            try:
                self.request("shutdown", None, timeout=timeout)
                self.notify("exit")
            except (BrokenPipeError, OSError):
                pass
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
