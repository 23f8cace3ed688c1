"""The organisation-wide graph on the command line (docs/org.md): `graphmind publish` (a workspace's graph
into PostgreSQL) and `graphmind org blast-radius|callers|repos` (asked of every published repository, from
any folder): arguments in, output out."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from graphmind import config
from graphmind.cli_options import JsonOpt, RootOpt, emit, open_fresh
from graphmind.cli_spec import App, Argument, Option
from graphmind.edgekinds import ALL_KINDS, CALL_KINDS, parse_kinds
from graphmind.errors import OrgUnavailableError

DbOpt = Option(None, "--db", metavar="URL", help=(
    "The organisation database, a PostgreSQL URL (postgresql://user@host/db); default: $GRAPHMIND_ORG_DB."))
RepoFilterOpt = Option(None, "--repo", help="Only the symbol defined in this published repository.")

org_app = App(no_args_is_help=True, help=(
    "Questions across every repository published into the organisation database (graphmind publish): "
    "who depends on a symbol, in any repository, N hops up. Runs from any folder; needs --db or "
    "$GRAPHMIND_ORG_DB."))


def _org():
    """The org part (psycopg is the org extra's)."""
    try:
        from graphmind.org import answers, database, publish, walk
    except ImportError as exc:
        if "psycopg" in str(exc):
            raise OrgUnavailableError() from None
        raise
    return answers, database, publish, walk


def publish_cmd(db: Optional[str] = DbOpt,
                repo: Optional[str] = Option(None, "--repo", help=(
                    "The repository's name in the organisation graph (default: pyproject.toml's project name, "
                    "else the workspace folder's name).")),
                commit: Optional[str] = Option(None, "--commit", metavar="REV", help=(
                    "The commit recorded with it (default: `git rev-parse HEAD`, when the workspace is a git "
                    "repository).")),
                root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Publish this workspace's graph (brought up to date first) into the organisation database, replacing
    its previous version in one transaction; an unchanged graph is not written again.

    Examples: `graphmind publish --db postgresql://ci@db/org`, `GRAPHMIND_ORG_DB=… graphmind publish --repo
    billing --commit v2.1.0 --json`."""
    _, _, publish, _ = _org()
    root, conn, _ = open_fresh(root, None, True)
    try:
        done = publish.publish(root, db, repo, commit, index=conn)
    finally:
        conn.close()
    emit({k: getattr(done, k) for k in done.__dataclass_fields__} if as_json else done.line(), as_json)


def _walk(symbol: str, db: Optional[str], repo: Optional[str], depth: int, limit: int, take_all: bool,
          kinds: tuple[str, ...], as_json: bool) -> None:
    answers, database, _, walk = _org()
    conn = database.connect(db)
    try:
        targets = answers.targets(conn, symbol, repo, take_all)
        w = walk.walk(conn, targets, depth, limit, kinds)
    finally:
        conn.close()
    emit(answers.walk_json(w) if as_json else answers.walk_text(w), as_json)


@org_app.command("blast-radius")
def org_blast_radius_cmd(symbol: str = Argument(..., help=(
                             "A published symbol: qualified name (flask.helpers.url_for), a name a package "
                             "re-exports (flask.url_for), Cls.method, or a short name.")),
                         db: Optional[str] = DbOpt,
                         depth: int = Option(config.DEFAULT_DEPTH, "--depth", "-d", help="How many hops upward."),
                         limit: int = Option(config.DEFAULT_LIMIT, "--limit", help="At most this many dependants, nearest first."),
                         kinds: Optional[str] = Option(None, "--kinds", help=(
                             "Only edges of these kinds, comma-separated (default: all): " + ", ".join(ALL_KINDS))),
                         repo: Optional[str] = RepoFilterOpt,
                         take_all: bool = Option(False, "--all", help="Take every symbol the name matches."),
                         as_json: bool = JsonOpt):
    """Everything in any published repository that depends on a symbol within N hops, nearest first, with
    the repository and commit of each row: what a change to a shared library can break across the
    organisation.

    Examples: `graphmind org blast-radius flask.helpers.url_for --depth 3`, `graphmind org blast-radius
    werkzeug.routing.Map --kinds inherit,instantiate --json`."""
    _walk(symbol, db, repo, depth, limit, take_all, parse_kinds(kinds), as_json)


@org_app.command("callers")
def org_callers_cmd(symbol: str = Argument(..., help="A published symbol (as for org blast-radius)."),
                    db: Optional[str] = DbOpt,
                    limit: int = Option(config.DEFAULT_LIMIT, "--limit"),
                    repo: Optional[str] = RepoFilterOpt,
                    take_all: bool = Option(False, "--all", help="Take every symbol the name matches."),
                    as_json: bool = JsonOpt):
    """The direct callers of a published symbol in every published repository (calls only, as `callers`).

    Examples: `graphmind org callers requests.get --json`."""
    _walk(symbol, db, repo, 1, limit, take_all, CALL_KINDS, as_json)


@org_app.command("repos")
def org_repos_cmd(db: Optional[str] = DbOpt, as_json: bool = JsonOpt):
    """The repositories published into the organisation database: name, commit, when, how many rows.

    Examples: `graphmind org repos`, `graphmind org repos --json`."""
    answers, database, _, _ = _org()
    conn = database.connect(db)
    try:
        rows = answers.repos(conn)
    finally:
        conn.close()
    emit({"repositories": rows} if as_json else "\n".join(
        f"{r['repo']}  {(r['commit'] or '-')[:12]}  {r['published_at'][:19]}  {r['symbols']} symbols, "
        f"{r['edges']} edges, {r['uses']} uses outside" for r in rows) or "no repository published", as_json)
