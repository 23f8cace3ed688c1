"""Swift: every file of a module sees the others' top-level names without an import, and those of
the modules it imports (`import Payments`: the target `Sources/Payments/`); members are reached
through implicit `self`, `X(…)` calls X's `init`; an `extension X` (its methods, its conformances)
is part of the type X it extends, found in the file's module, then in the modules it imports.

A module is a SwiftPM target (`Sources/<Target>/…`, `Tests/<Target>/…`), otherwise the top folder
of the workspace a file is in. Receivers are typed by the shared evaluator
(graphmind/lang/flow/typeflow.py): `let x = X(…)`, typed parameters and properties, `self.x = …`,
declared results.
"""
from __future__ import annotations

from graphmind.lang import callsites, kit as langkit
from graphmind.resolve.hooks import LanguageHooks, Resolving, register
from graphmind.resolve.tables import CLASS_KINDS

BUILTINS = frozenset("""
print debugPrint fatalError precondition preconditionFailure assert assertionFailure min max abs zip
stride repeatElement type String Int Double Float Bool Array Dictionary Set Optional Character
""".split())


def _module_key(path: str) -> str:
    """The module a file belongs to: its SwiftPM target folder, or its top folder."""
    parts = path.split("/")
    for i, part in enumerate(parts[:-2]):
        if part in ("Sources", "Tests"):
            return "/".join(parts[:i + 2])
    return parts[0] if len(parts) > 1 else ""


def _top_level(r: Resolving) -> dict[tuple[str, str], int]:
    """(module key, name) -> the top-level definition of that name in the module: a type before an
    extension of it, else the first by path."""
    names = r.state.get("_swift_names")
    if names is None:
        t, names = r.t, {}
        for path, fid in sorted((p, f) for f, p in t.paths.items() if t.lang.get(f) == "swift" and f in t.file_module):
            key, msym = _module_key(path), t.file_module[fid]
            for sid in t.file_syms.get(fid, ()):         # not children: `extension X` in X's file hides X there
                sym = t.syms[sid]
                if sym.parent == msym and ((key, sym.name) not in names
                                           or t.syms[names[key, sym.name]].kind == "type" != sym.kind):
                    names[key, sym.name] = sid
        r.state["_swift_names"] = names
    return names


def _imported(r: Resolving, fid: int) -> list[str]:
    """The module keys a file sees: its own, then the workspace targets it imports."""
    t = r.t
    here = _module_key(t.paths.get(fid, ""))
    targets = r.state.get("_swift_targets")
    if targets is None:
        targets = r.state["_swift_targets"] = {k.rsplit("/", 1)[-1]: k for k, _ in _top_level(r) if "/" in k}
    msym = t.file_module.get(fid)
    imports = t.imports.get(msym, {}).values() if msym is not None else ()
    return [here] + [targets[m] for m, _ in imports if m in targets and targets[m] != here]


def _find(r: Resolving, fid: int, name: str) -> int | None:
    names = _top_level(r)
    return next((names[k, name] for k in _imported(r, fid) if (k, name) in names), None)


def prepare(r: Resolving) -> None:
    """Merge each `extension X` into the type X it extends."""
    t = r.t
    for fid in sorted(f for f, lang in t.lang.items() if lang == "swift"):
        for sid in t.file_syms.get(fid, ()):
            sym = t.syms[sid]
            if sym.kind == "type" and sym.parent == t.file_module.get(fid):
                cls = _find(r, fid, sym.name)
                if cls is not None and cls != sid and t.syms[cls].kind in CLASS_KINDS:
                    langkit.merge_block(r, sid, cls)
    r.state.pop("_swift_names", None)


def visible(r: Resolving, scope: int, name: str):
    """A member through implicit `self`, then a top-level name of the module or of a module it
    imports, then builtins."""
    return callsites.member_or_file_level(r, scope, name, lambda fid, n: _find(r, fid, n), BUILTINS)


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`X(…)` constructs, `x.m()` / `x?.m()` / `self.f.m()` on typed receivers, `super.m()`."""
    text = text.lstrip("!").replace("?.", ".").replace("!.", ".")             # `!x.ok()`, `x?.m()`, `x!.m()`
    return callsites.resolve_chain(r, caller, text, name,
                                   super_names=("super",), new_calls=False, class_calls_construct=True)


register("swift", LanguageHooks(prepare=prepare, visible=visible, resolve_call=resolve_call))
