"""Files shipped with graphmind (schema.sql, queries/): inside the wheel, or the source tree."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_SOURCE_TREE = _PACKAGE.parent


def path_of(relpath: str) -> Path:
    """Where a shipped file or folder is (`schema.sql`, `queries`)."""
    # The wheel force-includes them at graphmind/_data/ (a plain folder: graphmind is never imported
    # from a zip, its apsw and tree-sitter are native); not importlib.resources, whose readers cost a
    # query process more than the read itself.
    packaged = _PACKAGE / "_data" / relpath
    if packaged.exists():
        return packaged
    return _SOURCE_TREE / relpath


def exists(relpath: str) -> bool:
    """Whether a shipped file exists."""
    return path_of(relpath).is_file()


def read_text(relpath: str) -> str:
    """The text of a shipped file, e.g. `schema.sql` or `queries/python/tags.scm`."""
    return path_of(relpath).read_text(encoding="utf-8")


DISTRIBUTION = "graphmind-code"     # the name on the package index (`graphmind` there is another project)


def version() -> str:
    """graphmind's version: the installed distribution's metadata, else the source tree's `__version__`."""
    from importlib import metadata
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        from graphmind import __version__
        return __version__
