"""Files shipped with graphmind (schema.sql, queries/): inside the wheel, or the source tree."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

_SOURCE_TREE = Path(__file__).resolve().parent.parent


def _locate(relpath: str):
    packaged = resources.files("graphmind").joinpath("_data").joinpath(relpath)
    if packaged.is_file():
        return packaged
    return _SOURCE_TREE / relpath


def exists(relpath: str) -> bool:
    """Whether a shipped file exists."""
    return _locate(relpath).is_file()


def read_text(relpath: str) -> str:
    """The text of a shipped file, e.g. `schema.sql` or `queries/python/tags.scm`."""
    return _locate(relpath).read_text(encoding="utf-8")


DISTRIBUTION = "graphmind-code"     # the name on the package index (`graphmind` there is another project)


def version() -> str:
    """graphmind's version: the installed distribution's metadata, else the source tree's `__version__`."""
    from importlib import metadata
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        from graphmind import __version__
        return __version__
