"""What a JavaScript/TypeScript workspace's config files say: tsconfig/jsconfig `baseUrl` and
`paths` (with `extends`), and the workspace packages (npm/yarn `workspaces`, pnpm-workspace.yaml,
lerna.json) with their package.json `name`, `exports` and entry fields.

Everything is read from disk under the workspace root, once per resolve pass; never the network.
"""
from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

CONFIG_NAMES = ("tsconfig.json", "jsconfig.json")
# export conditions, most source-like first; unknown conditions come after these
CONDITIONS = ("source", "development", "import", "module", "require", "node", "browser", "default",
              "types", "typings")
ENTRY_FIELDS = ("source", "module", "main", "types", "typings")


def strip_jsonc(text: str) -> str:
    """JSON with comments and trailing commas (tsconfig's dialect) as plain JSON."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c == ",":
            j = i + 1
            while j < n and text[j] in " \t\r\n":
                j += 1
            if not (j < n and text[j] in "}]"):
                out.append(c)
            i += 1
        else:
            out.append(c)
            i += 1
    text = "".join(out)
    # a comma before a comment before a bracket survives the first pass: sweep once more
    return re.sub(r",(\s*[}\]])", r"\1", text) if re.search(r",\s*[}\]]", text) else text


def read_json(path: Path) -> dict | None:
    """A JSON or JSONC object from a file, or None when missing or unreadable."""
    try:
        raw = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    for text in (raw, None):
        try:
            data = json.loads(text if text is not None else strip_jsonc(raw))
            return data if isinstance(data, dict) else None
        except ValueError:
            continue
    return None


def pnpm_packages(text: str) -> list[str]:
    """The `packages:` globs of a pnpm-workspace.yaml (block or flow list; no YAML library)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^packages\s*:\s*(.*)$", line)
        if not m:
            continue
        rest = m.group(1).split(" #", 1)[0].strip()
        if rest.startswith("["):
            return [s.strip().strip("'\"") for s in rest.strip("[]").split(",") if s.strip()]
        out = []
        for item in lines[i + 1:]:
            if not item.strip() or item.lstrip().startswith("#"):
                continue
            if not item[:1].isspace():
                break
            im = re.match(r"^\s+-\s*(.+?)\s*$", item.split(" #", 1)[0])
            if im:
                out.append(im.group(1).strip("'\""))
        return out
    return []


def glob_regex(pattern: str) -> re.Pattern:
    """A workspace glob (`packages/*`, `apps/**`) as a regex over '/'-separated folder paths."""
    pattern = pattern.strip()
    pattern = posixpath.normpath(pattern[2:] if pattern.startswith("./") else pattern or ".")
    out = ""
    for part in re.split(r"(\*\*/?|\*|\?)", pattern):
        out += {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(part, re.escape(part))
    return re.compile(f"^{out}$")


def join(base: str, rel: str) -> str | None:
    """A root-relative path: rel seen from folder base, or None when it leaves the workspace."""
    p = posixpath.normpath(posixpath.join(base, rel)) if not rel.startswith("/") else None
    if p is None or p == ".." or p.startswith("../"):
        return None
    return "" if p == "." else p


@dataclass
class TsConfig:
    """The effective module options of one tsconfig/jsconfig (after `extends`), root-relative."""
    base_url: str | None = None
    paths: list[tuple[str, list[str]]] = field(default_factory=list)   # pattern -> root-relative targets


@dataclass
class Package:
    """A workspace package: where it lives and how its name maps to files."""
    name: str
    dir: str
    exports: object = None
    entries: list[str] = field(default_factory=list)


class JsProject:
    """The config files of one workspace, read lazily and cached for one resolve pass."""

    def __init__(self, root: Path | None, source_dirs: set[str]):
        self.root = root
        self._exists: dict[str, bool] = {}
        self._configs: dict[str, TsConfig | None] = {}
        self._nearest: dict[str, TsConfig | None] = {}
        self.dirs = set()                               # every folder holding a source file, and its ancestors
        for d in source_dirs:
            while d not in self.dirs:
                self.dirs.add(d)
                d = posixpath.dirname(d)
        self._packages: list[Package] | None = None

    def is_file(self, rel: str) -> bool:
        """Whether a root-relative path is a file on disk (cached)."""
        if rel not in self._exists:
            self._exists[rel] = self.root is not None and (self.root / rel).is_file()
        return self._exists[rel]

    # -- tsconfig ------------------------------------------------------------------------------
    def config_for(self, folder: str) -> TsConfig | None:
        """The tsconfig.json/jsconfig.json governing files in a folder: the nearest one upward."""
        if folder not in self._nearest:
            found = None
            for name in CONFIG_NAMES:
                rel = posixpath.join(folder, name) if folder else name
                if self.is_file(rel):
                    found = self._load_config(rel, set())
                    break
            if found is None and folder:
                found = self.config_for(posixpath.dirname(folder))
            self._nearest[folder] = found
        return self._nearest[folder]

    def _load_config(self, rel: str, seen: set[str]) -> TsConfig | None:
        if rel in self._configs:
            return self._configs[rel]
        if rel in seen:
            return None
        seen.add(rel)
        data = read_json(self.root / rel) or {}
        here = posixpath.dirname(rel)
        out = TsConfig()
        parents = data.get("extends")
        for parent in ([parents] if isinstance(parents, str) else parents if isinstance(parents, list) else []):
            if not isinstance(parent, str) or not parent.startswith("."):
                continue                                # a package's tsconfig (node_modules): not read
            prel = join(here, parent if parent.endswith(".json") else parent + ".json")
            base = self._load_config(prel, seen) if prel is not None and self.is_file(prel) else None
            if base is not None:
                out = TsConfig(base.base_url, list(base.paths))
        opts = data.get("compilerOptions") if isinstance(data.get("compilerOptions"), dict) else {}
        if isinstance(opts.get("baseUrl"), str):
            out.base_url = join(here, opts["baseUrl"])
        if isinstance(opts.get("paths"), dict):
            anchor = out.base_url if out.base_url is not None else here
            out.paths = [(pat, [p for t in targets if isinstance(t, str) and (p := join(anchor, t)) is not None])
                         for pat, targets in opts["paths"].items() if isinstance(targets, list)]
        self._configs[rel] = out
        return out

    # -- workspace packages ----------------------------------------------------------------------
    def _workspace_packages(self) -> list[Package]:
        root_pkg = read_json(self.root / "package.json") or {}
        globs: list[str] = []
        ws = root_pkg.get("workspaces")
        if isinstance(ws, dict):
            ws = ws.get("packages")
        if isinstance(ws, list):
            globs += [g for g in ws if isinstance(g, str)]
        try:
            globs += pnpm_packages((self.root / "pnpm-workspace.yaml").read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            pass
        lerna = read_json(self.root / "lerna.json") or {}
        if isinstance(lerna.get("packages"), list):
            globs += [g for g in lerna["packages"] if isinstance(g, str)]
        include = [glob_regex(g) for g in globs if not g.startswith("!")]
        exclude = [glob_regex(g[1:]) for g in globs if g.startswith("!")]
        out = []
        for d in sorted(self.dirs):
            member = d == "" or (any(p.match(d) for p in include) and not any(p.match(d) for p in exclude))
            if not member or not self.is_file(posixpath.join(d, "package.json") if d else "package.json"):
                continue
            data = root_pkg if d == "" else read_json(self.root / d / "package.json") or {}
            if isinstance(data.get("name"), str) and data["name"]:
                entries = [data[f] for f in ENTRY_FIELDS if isinstance(data.get(f), str)]
                out.append(Package(data["name"], d, data.get("exports"), entries))
        out.sort(key=lambda p: -len(p.name))           # the longest name wins (`@a/b-c` before `@a/b`)
        return out

    @property
    def packages(self) -> list[Package]:
        """The workspace's packages (read on first use)."""
        if self._packages is None:
            self._packages = self._workspace_packages() if self.root is not None else []
        return self._packages

    def package_for(self, spec: str) -> tuple[Package, str] | None:
        """The workspace package a bare specifier names, and its subpath ('.' or './x')."""
        for pkg in self.packages:
            if spec == pkg.name:
                return pkg, "."
            if spec.startswith(pkg.name + "/"):
                return pkg, "./" + spec[len(pkg.name) + 1:]
        return None


def export_targets(exports: object, subpath: str) -> list[str] | None:
    """The targets a package.json `exports` field gives a subpath, most source-like first
    (None when the package has no `exports`, [] when it does not export the subpath)."""
    if exports is None:
        return None
    if isinstance(exports, (str, list)) or isinstance(exports, dict) and not any(k.startswith(".") for k in exports):
        exports = {".": exports}
    if not isinstance(exports, dict):
        return []
    if subpath in exports:
        return _conditions(exports[subpath], "")
    best = None
    for key in exports:
        if key.count("*") == 1:
            pre, post = key.split("*")
            if subpath.startswith(pre) and subpath.endswith(post) and len(subpath) >= len(pre) + len(post):
                if best is None or len(pre) > len(best[0].split("*")[0]):
                    best = (key, subpath[len(pre):len(subpath) - len(post)])
    return _conditions(exports[best[0]], best[1]) if best else []


def _conditions(value: object, star: str) -> list[str]:
    if isinstance(value, str):
        return [value.replace("*", star)]
    if isinstance(value, list):
        return [t for v in value for t in _conditions(v, star)]
    if isinstance(value, dict):
        keys = [k for k in CONDITIONS if k in value] + [k for k in value if k not in CONDITIONS]
        return [t for k in keys for t in _conditions(value[k], star)]
    return []
