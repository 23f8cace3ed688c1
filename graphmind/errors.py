"""Every error graphmind reports to a user; the docstring of each class is its message."""
from __future__ import annotations


class GraphmindError(Exception):
    """graphmind could not do that."""

    def __init__(self, detail: str | None = None):
        self.detail = detail
        super().__init__(self.message)

    @property
    def message(self) -> str:
        base = (self.__doc__ or "").strip()
        return f"{base} {self.detail}".strip() if self.detail else base


class NoIndexError(GraphmindError):
    """This workspace has no index yet: run `graphmind index`."""


class NotAWorkspaceError(GraphmindError):
    """That path is not a directory that can be indexed."""


class UnknownSymbolError(GraphmindError):
    """No symbol by that name is indexed."""

    def __init__(self, query: str, suggestions: list[str]):
        self.query, self.suggestions = query, suggestions
        hint = f" Closest: {', '.join(suggestions)}." if suggestions else ""
        super().__init__(f"'{query}'.{hint}")


class AmbiguousSymbolError(GraphmindError):
    """That name matches several symbols: give a qualified name, FILE:LINE, or --all."""

    def __init__(self, query: str, candidates: list[str]):
        self.query, self.candidates = query, candidates
        super().__init__(f"'{query}' matches:\n  " + "\n  ".join(candidates))


class BadArgumentError(GraphmindError):
    """Invalid argument:"""


class IndexBusyError(GraphmindError):
    """Another process is writing this index; try again in a moment."""


class PathOutsideWorkspaceError(GraphmindError):
    """Paths must name a file inside the workspace (relative, no '..', no symlink leading out):"""


class GitError(GraphmindError):
    """git could not list the changes (is this a git repository? pass FILE:LINE ranges instead):"""


class DaemonRunningError(GraphmindError):
    """A graphmind daemon already serves this workspace (`graphmind daemon status`):"""


class DaemonNotRunningError(GraphmindError):
    """No graphmind daemon serves this workspace: start one with `graphmind daemon start`."""


class DaemonError(GraphmindError):
    """The graphmind daemon could not do that:"""


class UnsafeFolderError(GraphmindError):
    """graphmind will not use a folder holding links, or another user's, or one others can write (remove it):"""


class DaemonBusyError(DaemonError):
    """The graphmind daemon is running but busy (every connection in use); try again in a moment:"""


class StoppedError(GraphmindError):
    """Stopped: the index keeps what was committed before; run the command again to finish."""


class DamagedIndexError(GraphmindError):
    """The index file is damaged: run `graphmind index --rebuild` (the index is built afresh; nothing of yours is lost)."""


class DiskFullError(GraphmindError):
    """The disk is full: the index keeps what was committed; free some space and run `graphmind index` again."""


class IndexNotWritableError(GraphmindError):
    """The index folder cannot be written (read-only .graphmind/ or file system): fix its permissions, or read with `graphmind status`."""
