"""A JSON-RPC client over stdio for a language server (pyright-langserver), for scripts/pyright_oracle.py:
Content-Length framing, requests answered in any order, the server's own requests (configuration)
answered from SETTINGS."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote

SETTINGS = {"python.analysis": {"typeCheckingMode": "off", "diagnosticMode": "openFilesOnly",
                                "autoSearchPaths": True, "useLibraryCodeForTypes": True},
            "python": {"pythonPath": sys.executable}}


def uri(path: Path) -> str:
    return "file://" + quote(str(Path(os.path.realpath(path))))


class Server:
    """One `pyright-langserver --stdio` and the client side of its JSON-RPC."""

    def __init__(self, command: str, root: Path):
        self.proc = subprocess.Popen([command, "--stdio"], cwd=root, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.answers: dict[int, queue.Queue] = {}
        self.lock = threading.Lock()
        self.next = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if not line.strip():
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            msg = json.loads(out.read(length))
            if "id" in msg and ("result" in msg or "error" in msg):
                with self.lock:
                    box = self.answers.pop(msg["id"], None)
                if box is not None:
                    box.put(msg)
            elif "id" in msg:                       # a request of the server's: configuration, registrations
                items = (msg.get("params") or {}).get("items")
                result = [SETTINGS.get(i.get("section"), {}) for i in items] if items is not None else None
                self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})

    def _send(self, msg: dict) -> None:
        body = json.dumps(msg).encode("utf-8")
        with self.lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()

    def ask(self, method: str, params) -> queue.Queue:
        """Send a request; the queue its answer will arrive in."""
        with self.lock:
            self.next += 1
            rid = self.next
            box = self.answers[rid] = queue.Queue()
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return box

    def request(self, method: str, params, timeout: float = 600.0):
        msg = self.ask(method, params).get(timeout=timeout)
        return msg.get("result")

    def notify(self, method: str, params) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> None:
        try:
            self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
            self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


def started(command: str, root: Path) -> Server:
    """A server initialized on a workspace folder, asked for definitions as links."""
    server = Server(command, root)
    server.request("initialize", {"processId": os.getpid(), "rootUri": uri(root),
                                  "workspaceFolders": [{"uri": uri(root), "name": root.name}],
                                  "capabilities": {"workspace": {"configuration": True},
                                                   "textDocument": {"definition": {"linkSupport": True}}}})
    server.notify("initialized", {})
    return server
