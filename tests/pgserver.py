"""A real PostgreSQL server for the tests, started by the tests: initdb + pg_ctl on a temporary folder,
listening on a Unix socket only, run as an unprivileged user (PostgreSQL refuses to run as root, and CI
runs as root: then the user `graphmind-pg` is created), stopped when the session ends."""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

PG_USER = "graphmind-pg"
SEARCH = ["/usr/lib/postgresql/*/bin"]


def server_bin() -> Path | None:
    """The folder holding initdb and pg_ctl, newest version first; None when the server is not installed."""
    found = sorted(glob.glob(SEARCH[0]), key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0)
    for folder in reversed(found):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def _as_user() -> tuple[list[str], int | None, int | None]:
    """The command prefix and ids that run the server unprivileged (nothing when not root)."""
    if os.geteuid() != 0:
        return [], None, None
    try:
        entry = pwd.getpwnam(PG_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER],
                       check=True, capture_output=True)
        entry = pwd.getpwnam(PG_USER)
    return ["runuser", "-u", PG_USER, "--"], entry.pw_uid, entry.pw_gid


class Server:
    """One running cluster: its data folder, its socket folder, a URL per database."""

    def __init__(self) -> None:
        self.bin = server_bin()
        self.base = Path(tempfile.mkdtemp(prefix="graphmind-pg-"))
        self.data = self.base / "data"
        self.sock = self.base / "sock"
        self.sock.mkdir()
        self.prefix, uid, gid = _as_user()
        if uid is not None:
            os.chmod(self.base, 0o755)
            for path in (self.base, self.sock):
                os.chown(path, uid, gid)
        self.user = PG_USER if uid is not None else pwd.getpwuid(os.geteuid()).pw_name
        self.port = 5432

    def _run(self, *args: str) -> None:
        subprocess.run(self.prefix + list(args), check=True, capture_output=True, timeout=120)

    def start(self) -> "Server":
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", self.user, "--no-sync",
                  "-E", "UTF8", "--locale=C")
        opts = f"-k {self.sock} -c listen_addresses='' -c fsync=off -c max_connections=40 -p {self.port}"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", opts, "-w", "-t", "60",
                  "-l", str(self.base / "log"), "start")
        return self

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@/{database}?host={self.sock}&port={self.port}"

    def create_database(self, name: str) -> str:
        import psycopg
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)
