"""A workspace's configuration, in one place: `[tool.graphmind]` in its `pyproject.toml`, overridden key
by key by `.graphmind/config.toml` (docs/configuration.md). What to include and exclude, which languages,
limits. A file that cannot be read as that is an error that names it: nothing is indexed by guesswork."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from graphmind import config
from graphmind.errors import ConfigError
from graphmind.languages import BY_NAME

_LISTS = ("include", "exclude", "languages", "exclude_languages")
_KNOWN = {*_LISTS, "max_file_bytes"}


@dataclass(frozen=True)
class Settings:
    """What a workspace asks of the walk; the defaults are graphmind's own."""
    include: tuple[str, ...] = ()            # gitignore-style patterns brought back in (beat every default skip)
    exclude: tuple[str, ...] = ()            # gitignore-style patterns left out
    languages: frozenset[str] | None = None  # only these languages (None: every language graphmind reads)
    exclude_languages: frozenset[str] = frozenset()
    max_file_bytes: int = config.MAX_FILE_BYTES
    sources: tuple[str, ...] = field(default=(), compare=False)   # the files read, for status

    def language_on(self, language: str) -> bool:
        return (self.languages is None or language in self.languages) and language not in self.exclude_languages

    def patterns(self) -> list[str]:
        """The configuration as ignore-file lines, read after every ignore file (so it has the last word)."""
        return [*self.exclude, *(f"!{p}" for p in self.include)]


def _read(path: Path, table: str | None) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"{path.name}: {exc.strerror or exc}") from None
    if table is not None and f"tool.{table}" not in text:
        return {}                          # most pyproject.toml files say nothing to graphmind: not parsed
    import tomllib
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    if table is not None:
        doc = doc.get("tool", {}).get(table, {}) if isinstance(doc.get("tool", {}), dict) else {}
    return doc


def _checked(values: dict, where: str) -> dict:
    unknown = sorted(set(values) - _KNOWN)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)}; known: {', '.join(sorted(_KNOWN))}")
    out: dict = {}
    for key in _LISTS:
        if key in values:
            items = values[key]
            if not isinstance(items, list) or not all(isinstance(i, str) and i.strip() for i in items):
                raise ConfigError(f"{where}: {key} must be a list of strings")
            if key.endswith("languages"):
                bad = sorted(set(items) - set(BY_NAME))
                if bad:
                    raise ConfigError(f"{where}: unknown language(s) {', '.join(bad)} in {key}")
                out[key] = frozenset(items)
            else:
                out[key] = tuple(items)
    if "max_file_bytes" in values:
        limit = values["max_file_bytes"]
        if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= config.MAX_FILE_BYTES:
            raise ConfigError(f"{where}: max_file_bytes must be a whole number from 1 to {config.MAX_FILE_BYTES}")
        out["max_file_bytes"] = limit
    return out


def load(root: Path) -> Settings:
    """The workspace's settings: pyproject.toml's [tool.graphmind], then .graphmind/config.toml."""
    merged: dict = {}
    sources = []
    for path, table, where in ((root / "pyproject.toml", "graphmind", "pyproject.toml [tool.graphmind]"),
                               (root / config.INDEX_DIR / "config.toml", None, f"{config.INDEX_DIR}/config.toml")):
        values = _read(path, table)
        if values:
            merged.update(_checked(values, where))
            sources.append(where)
    return Settings(**merged, sources=tuple(sources))
