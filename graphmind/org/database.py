"""The organisation database: connecting (every failure one clear line), its tables, its version.

Every table carries `repo` (the repository's name) as its first column: the distribution column on
Citus (docs/org.md), and the key every publish deletes and writes by, so one repository's publish
never touches another's rows. All values go as query parameters or through COPY, never into SQL text."""
from __future__ import annotations

import os

import psycopg

from graphmind.errors import (OrgDatabaseError, OrgEmptyError, OrgNoUrlError, OrgSchemaError,
                              OrgServerTooOldError)

ENV_URL = "GRAPHMIND_ORG_DB"
SCHEMA_VERSION = "3"          # 2: `link` rows in edges (org/export.py); 3: repos.source (org/publish.py)
MIN_SERVER = 120000          # PostgreSQL 12: generated plans for unnest joins, CTE inlining
CONNECT_TIMEOUT_S = 10
TABLES = ("symbols", "edges", "uses", "aliases")

DDL = """
CREATE TABLE IF NOT EXISTS graphmind_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS repos (
    repo text PRIMARY KEY, commit text, digest text NOT NULL, published_at timestamptz NOT NULL,
    symbols integer NOT NULL, edges integer NOT NULL, uses integer NOT NULL, source text);
CREATE TABLE IF NOT EXISTS symbols (
    repo text NOT NULL, id integer NOT NULL, qualname text NOT NULL, name text NOT NULL, kind text NOT NULL,
    file text NOT NULL, start_line integer NOT NULL, end_line integer NOT NULL, signature text NOT NULL,
    parent_id integer, PRIMARY KEY (repo, id));
CREATE INDEX IF NOT EXISTS symbols_qualname ON symbols (qualname);
CREATE INDEX IF NOT EXISTS symbols_name ON symbols (name);
CREATE INDEX IF NOT EXISTS symbols_parent ON symbols (repo, parent_id, name);
CREATE TABLE IF NOT EXISTS edges (
    repo text NOT NULL, caller_id integer NOT NULL, target_id integer NOT NULL, line integer NOT NULL,
    resolution text NOT NULL, kind text NOT NULL);
CREATE INDEX IF NOT EXISTS edges_target ON edges (repo, target_id);
CREATE TABLE IF NOT EXISTS uses (
    repo text NOT NULL, caller_id integer NOT NULL, target_key text NOT NULL, line integer NOT NULL,
    resolution text NOT NULL, kind text NOT NULL);
CREATE INDEX IF NOT EXISTS uses_key ON uses (target_key);
CREATE INDEX IF NOT EXISTS uses_repo ON uses (repo);
CREATE INDEX IF NOT EXISTS uses_caller ON uses (repo, caller_id);
CREATE TABLE IF NOT EXISTS aliases (repo text NOT NULL, key text NOT NULL, target_key text NOT NULL);
CREATE INDEX IF NOT EXISTS aliases_target ON aliases (target_key);
CREATE INDEX IF NOT EXISTS aliases_key ON aliases (key);
CREATE INDEX IF NOT EXISTS aliases_repo ON aliases (repo);
"""


def url_of(given: str | None) -> str:
    """The database URL: the option, else GRAPHMIND_ORG_DB."""
    url = given or os.environ.get(ENV_URL)
    if not url:
        raise OrgNoUrlError()
    return url


def one_line(exc: BaseException) -> str:
    """A driver's message on one line."""
    return " ".join(str(exc).split()) or type(exc).__name__


def check_server(version: int) -> None:
    """Refuse a server older than MIN_SERVER (psycopg's number: 150004 for 15.4)."""
    if version < MIN_SERVER:
        raise OrgServerTooOldError(f"{version // 10000}.{version % 10000} found")


def connect(url: str | None) -> psycopg.Connection:
    """An open connection (not in autocommit); OrgDatabaseError in one line when that fails."""
    url = url_of(url)
    try:
        conn = psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT_S, application_name="graphmind")
    except (psycopg.Error, ValueError) as exc:        # ProgrammingError for a malformed URL
        raise OrgDatabaseError(one_line(exc)) from None
    try:
        check_server(conn.info.server_version)
    except OrgServerTooOldError:
        conn.close()
        raise
    return conn


def ensure_schema(conn: psycopg.Connection) -> None:
    """Create the tables when missing (under a lock: two first publishes at once), check their version."""
    try:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext('graphmind schema'))")
            conn.execute(DDL)
            # 2 -> 3: a column only, filled by the next publish of each repository (ALTER only when missing:
            # it locks the table against every publish)
            if conn.execute("SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()"
                            " AND table_name = 'repos' AND column_name = 'source'").fetchone() is None:
                conn.execute("ALTER TABLE repos ADD COLUMN source text")
            conn.execute("UPDATE graphmind_meta SET value = %s WHERE key = 'schema_version' AND value = '2'",
                         (SCHEMA_VERSION,))
            conn.execute("INSERT INTO graphmind_meta VALUES ('schema_version', %s) ON CONFLICT DO NOTHING",
                         (SCHEMA_VERSION,))
    except psycopg.errors.InsufficientPrivilege as exc:
        raise OrgDatabaseError(one_line(exc)) from None
    check_schema(conn)


def check_schema(conn: psycopg.Connection) -> None:
    """The tables are there and of this version (readers never create them)."""
    try:
        row = conn.execute("SELECT value FROM graphmind_meta WHERE key = 'schema_version'").fetchone()
    except psycopg.errors.UndefinedTable:
        conn.rollback()
        raise OrgEmptyError() from None
    finally:
        if not conn.autocommit:
            conn.rollback()
    if row is None:
        raise OrgEmptyError()
    if row[0] != SCHEMA_VERSION:
        raise OrgSchemaError(f"version {row[0]}, this graphmind writes {SCHEMA_VERSION}")
