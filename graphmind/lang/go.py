"""Go: packages are directories, imports are paths under the module of `go.mod`, methods belong to
their receiver's type.

Module names are the package directory, dotted (`internal/store/*.go` -> `internal.store`; files at
the workspace root take their `package` clause name), so every file of a package shares one
qualified name and `store.NewStore` is the same definition whichever file declares it. A method
`func (s *Store) Add()` is `store.Store.Add` (the extractor qualifies it with its receiver type) and
is attached to `Store` here, so `s.Add()` resolves when the type of `s` is known from the receiver,
a parameter, `var s T`, `s := T{}` / `&T{}`, or the declared result of the function that made it.
A slice, array, map or channel stands for its element (`xs[i].M()`, `for _, x := range xs { x.M() }`);
a type assertion `x.(*T)` and `new(T)` hold a T, `&x` what x holds; an embedded field is named by its type.
"""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from graphmind.lang import callsites, kit as langkit
from graphmind.lang.flow.hooks import ELEMENTS, EXPR_REWRITES
from graphmind.resolve.hooks import LanguageHooks, Resolving, register
from graphmind.resolve.pyexpr import match_bracket
from graphmind.resolve.tables import CALLABLE_KINDS


_PACKAGE = re.compile(rb"^\s*package\s+([A-Za-z_]\w*)", re.M)
_MODULE = re.compile(r"^\s*module\s+(\S+)", re.M)
_VERSION = re.compile(r"^v\d+$")
_DOT_VERSION = re.compile(r"\.v\d+$")
BUILTINS = frozenset({"append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len", "make",
                      "max", "min", "new", "panic", "print", "println", "real", "recover"})
EXTERNAL = "@"          # prefix of an import path outside the workspace: never a module name
# slices, arrays, maps and channels written before an element type: `[]*T`, `[4]T`, `map[string]T`, `chan T`
_CONTAINERS = re.compile(r"^\s*(?:\*\s*|\[[^\[\]]*\]\s*|map\s*\[[^\[\]]*\]\s*|<-\s*|chan\b\s*(?:<-)?\s*)+")


def module_name(path: str, data: bytes) -> str | None:
    """The package directory, dotted; the `package` clause for files at the workspace root."""
    parts = [p.replace(".", "_") for p in PurePosixPath(path).parent.parts]
    if parts:
        return ".".join(parts)
    m = _PACKAGE.search(data[:65536])
    return m.group(1).decode() if m else None


def element_type(text: str) -> str:
    """The type a Go type annotation holds values of: a slice, array, map or channel reads as its
    element (so `xs[i]`, `m[k]` and the values of `range` are typed), a pointer as its type; a named
    result (`(n *Node, err error)`) as its type."""
    named = _NAMED.match(text)
    return _CONTAINERS.sub("", text[named.end():] if named else text)


_NAMED = re.compile(r"^\s*[A-Za-z_]\w*\s+(?=[*\[A-Za-z_])(?!chan\b)")     # `n *Node`: a result's name
_ASSERTED = re.compile(r"\.\(\s*\*?\s*([A-Za-z_][\w.]*)\s*\)")   # `x.(*T)`, `p.Index(-1).(T)`
_LITERAL = re.compile(r"^&?\s*([A-Za-z_][\w.]*)\s*\{")                                   # `T{…}.M()`
_NEW = re.compile(r"^(?:new\(\s*([A-Za-z_][\w.]*)\s*\)|&\s*(?=[A-Za-z_]))")                 # `new(T)`, `&x`


def value_text(text: str) -> str:
    """Go's expressions in the evaluator's syntax: a type assertion `x.(*T)`, `p.Index(-1).(T)` (the
    last one outside brackets: what precedes it does not matter) and `new(T)` hold a T (read as the
    conversion `T()`), `&x` what x holds; a composite literal `T{…}` followed by more is a T too."""
    text = text.strip()
    literal = _LITERAL.match(text) if "{" in text else None
    close = match_bracket(text, literal.end() - 1) if literal is not None else -1
    if close is not None and 0 < close < len(text) - 1:
        text = literal.group(1) + "()" + text[close + 1:]
    if ".(" in text:
        for m in reversed(list(_ASSERTED.finditer(text))):
            head = text[:m.start()]
            if m.group(1) != "type" and all(head.count(a) == head.count(b) for a, b in ("()", "[]", "{}")):
                text = m.group(1) + "()" + text[m.end():]
                break
    return _NEW.sub(lambda m: m.group(1) + "()" if m.group(1) else "", text, count=1)


def _dir(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


def _go_mods(root: Path | None, dirs: set[str]) -> dict[str, str]:
    """module path -> the directory (relative, '' for the root) holding its go.mod."""
    found: dict[str, str] = {}
    if root is None:
        return found
    seen: set[str] = set()
    for d in dirs:
        parts = PurePosixPath(d).parts
        for i in range(len(parts), -1, -1):
            rel = "/".join(parts[:i])
            if rel in seen:
                break
            seen.add(rel)
            try:
                text = (root / rel / "go.mod").read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            m = _MODULE.search(text)
            if m:
                found[m.group(1).strip('"')] = rel
    return found


def prepare(r: Resolving) -> None:
    """Rewrite import paths to package names, and attach methods to their receiver types."""
    t, edit = r.t, r.t.rewrites
    files = [fid for fid, lang in t.lang.items() if lang == "go" and fid in t.file_module]
    dir_module = {_dir(t.paths[fid]): t.syms[t.file_module[fid]].qualname for fid in files}
    mods = sorted(_go_mods(t.root, set(dir_module)).items(), key=lambda kv: -len(kv[0]))
    syms = sorted(sid for fid in files for sid in t.file_syms.get(fid, ()))
    for scope in sorted(set(syms) & set(t.imports)):
        table = t.imports[scope]
        for alias, (path, symbol) in list(table.items()):
            target = EXTERNAL + path
            for mpath, mdir in mods:
                if path == mpath or path.startswith(mpath + "/"):
                    rel = "/".join(p for p in (mdir, path[len(mpath):].strip("/")) if p)
                    if rel in dir_module:
                        target = dir_module[rel]
                    break
            key = alias
            last = path.rsplit("/", 1)
            if alias == last[-1] and _VERSION.match(alias) and len(last) == 2:
                key = last[0].rsplit("/", 1)[-1].replace("-", "_").replace(".", "_")   # `…/yaml/v3` binds `yaml`
                edit.delete(table, alias)
            elif alias == last[-1] and _DOT_VERSION.search(alias):
                key = _DOT_VERSION.sub("", alias).replace("-", "_")       # `gopkg.in/yaml.v3` binds `yaml`
                edit.delete(table, alias)
            edit.set(table, key, (target, symbol))
    dropped = _keep_built(r, files, syms)
    for sid in syms:
        sym = t.syms[sid]
        if sym.kind == "type" and any(k == "returns" for k, _ in t.bindings.get(sid, {}).get("", ())):
            edit.attr(sym, "kind", "struct")        # `type F func() R`: its values are typed (calling one gives R)
        if sym.kind in CALLABLE_KINDS and sid not in dropped:
            owner = langkit.owner_path(r, sym.id)
            if owner is None:
                continue
            pkg = t.syms[t.file_module[sym.file]].qualname
            cls = t.by_qual.get(f"{pkg}.{owner}")
            if cls is not None and cls in t.syms:
                if t.syms[cls].kind == "type":
                    edit.attr(t.syms[cls], "kind", "struct")   # `type Celsius float64` has methods too
                langkit.attach(r, sym.id, cls)


def resolve_import(r: Resolving, fid: int, scope: int, module: str, symbol: str | None):
    """An imported package: the workspace package it names, or external."""
    return callsites.via_import(r, module, symbol)


def visible(r: Resolving, scope: int, name: str):
    """A name of the same package, declared in any of its files; then Go's builtins."""
    t = r.t
    pkg = t.syms[langkit.module_of(r, scope)].qualname
    hit = t.by_qual.get(f"{pkg}.{name}")
    if hit is not None and hit in t.syms and t.syms[hit].kind != "module":
        return ("local" if t.syms[hit].file == t.syms[scope].file else "import", hit)
    found = callsites.open_scopes(r, scope, name, implicit_this=False)
    if found is None and name in BUILTINS:
        return ("builtin", None)
    return found


def elements(flow, scope: int, value):
    """An element of a value (`range xs`, `xs[i]`): a named slice, array or map type (`type Path
    []PathStep`, whose methods are the type's) holds its element type (an `element_type` binding of
    queries/go/flow.scm); any other value already stands for its element (a container declared in
    place reads as its element)."""
    out = set()
    for kind, x in value:
        sym = flow.t.syms.get(x) if kind == "inst" else None
        written = [v for k, v in flow.t.bindings.get(x, {}).get(sym.name, ()) if k == "element_type"] if sym else []
        out |= flow.declared_type(x, element_type(written[0])) if written else {(kind, x)}
    return frozenset(out)


_GOOS = frozenset("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 "
                  "solaris wasip1 windows zos".split())
_GOARCH = frozenset("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 "
                    "mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm".split())
_DEFAULT_TAGS = frozenset({"linux", "amd64", "unix", "gc", "cgo"})      # the build go/types checks by default
_TAG = re.compile(r"!|&&|\|\||[()]|[\w.]+")
_MAX_NESTING = 64       # brackets and `!` deeper than this in a build line: the file is kept


def builds(path: str, constraint: str | None) -> bool:
    """Whether a Go file is in the default build: its name's `_GOOS`/`_GOARCH` suffixes and its
    `//go:build` expression (or `// +build` line: spaces or, commas and) with linux, amd64, unix,
    gc, cgo and every `go1.N` set."""
    parts = PurePosixPath(path).stem.split("_")[1:]
    if parts and parts[-1] == "test":
        parts = parts[:-1]
    if parts and parts[-1] in _GOARCH:
        if parts.pop() != "amd64":
            return False
    if parts and parts[-1] in _GOOS and parts[-1] != "linux":
        return False
    if not constraint:
        return True
    text = constraint.split(None, 1)[1] if constraint.startswith("//go:build") else " || ".join(
        "(" + term.replace(",", " && ") + ")" for term in constraint.split()[2:])
    tokens = [t if t in ("!", "&&", "||", "(", ")") else t in _DEFAULT_TAGS or t.startswith("go1.")
              for t in _TAG.findall(text)]
    try:
        value, end = _either(tokens, 0, 0)
    except (ValueError, IndexError):
        return True                         # malformed or nested too deep: kept, as the build cannot be told
    return value if end == len(tokens) else True


def _either(tokens: list, at: int, depth: int, op: str = "||") -> tuple[bool, int]:
    """`a || b` (op `||`) over `a && b` (op `&&`) over `!a`, `(…)` and tags already read as booleans;
    (value, next index)."""
    def operand(i: int) -> tuple[bool, int]:
        return _either(tokens, i, depth, "&&") if op == "||" else _single(tokens, i, depth)
    value, at = operand(at)
    while at < len(tokens) and tokens[at] == op:
        right, at = operand(at + 1)
        value = (value or right) if op == "||" else (value and right)
    return value, at


def _single(tokens: list, at: int, depth: int) -> tuple[bool, int]:
    if depth > _MAX_NESTING:
        raise ValueError("build expression nested too deep")
    token = tokens[at]
    if token == "!":
        value, at = _single(tokens, at + 1, depth + 1)
        return not value, at
    if token == "(":
        value, at = _either(tokens, at + 1, depth + 1)
        if tokens[at] != ")":
            raise ValueError("unclosed bracket")
        return value, at + 1
    if isinstance(token, bool):
        return token, at + 1
    raise ValueError(f"unexpected {token!r}")


def _constraint(r: Resolving, fid: int) -> str | None:
    """A Go file's `//go:build` line (else its `// +build` line), bound by queries/go/flow.scm."""
    lines = sorted(n for n, rows in r.t.bindings.get(r.t.file_module[fid], {}).items()
                   if n[:2] == "//" and any(k == "build" for k, _ in rows))
    return next((n for n in lines if n.startswith("//go:build")), lines[0] if lines else None)


def _keep_built(r: Resolving, files: list[int], syms: list[int]) -> set[int]:
    """Definitions in files the default build leaves out stop being namesakes of those it keeps
    (`debug_disable.go` against `debug_enable.go`, `_windows.go` against `_linux.go`): the qualified
    name is the kept one's alone. The ids left out (their methods are attached to no type)."""
    t, edit = r.t, r.t.rewrites
    out = {fid for fid in files if not builds(t.paths[fid], _constraint(r, fid))}
    dropped: set[int] = set()
    for qual in {t.syms[sid].qualname for sid in syms if t.syms[sid].file in out and t.syms[sid].kind != "module"}:
        group = t.dup_quals.get(qual, ())
        kept = [s for s in group if t.syms[s].file not in out]
        if kept and len(kept) < len(group):
            dropped.update(s for s in group if t.syms[s].file in out)
            edit.set(t.by_qual, qual, kept[-1])
            if len(kept) == 1:
                edit.delete(t.dup_quals, qual)
            else:
                edit.set(t.dup_quals, qual, kept)
    return dropped


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`pkg.F()`, `x.M()` on a typed variable, `T{}.M()` chains through fields (a receiver of several
    types reaching several methods: each `possible`, LanguageHooks.one_target)."""
    rows = callsites.resolve_chain(r, caller, text, name, super_names=(), new_calls=False)
    if rows and all(how != "possible" for _, how, _ in rows):
        return rows
    return callsites.variable_member(r, caller, text, name) or rows


langkit.TYPE_UNWRAP["go"] = element_type
EXPR_REWRITES["go"] = value_text
ELEMENTS["go"] = elements
register("go", LanguageHooks(module_name=module_name, prepare=prepare, resolve_import=resolve_import,
                             visible=visible, resolve_call=resolve_call, one_target=True))
