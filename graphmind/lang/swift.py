"""Swift: every file of a module sees the others' top-level names without an import, members are
reached through implicit `self`, `X(…)` calls X's `init`.

A module is a SwiftPM target (`Sources/<Target>/…`, `Tests/<Target>/…`), otherwise the top folder
of the workspace a file is in. Receivers are typed by the shared evaluator
(graphmind/lang/typeflow.py): `let x = X(…)`, typed parameters and properties, `self.x = …`,
declared results.
"""
from __future__ import annotations

from graphmind.lang import callsites
from graphmind.resolve.hooks import LanguageHooks, Resolving, register

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
    """(module key, name) -> the top-level definition of that name in the module (first by id)."""
    names = r.state.get("_swift_names")
    if names is None:
        t, names = r.t, {}
        for fid, msym in t.file_module.items():
            if t.lang.get(fid) != "swift":
                continue
            key = _module_key(t.paths.get(fid, ""))
            for name, sid in t.children.get(msym, {}).items():
                names.setdefault((key, name), sid)
        r.state["_swift_names"] = names
    return names


def visible(r: Resolving, scope: int, name: str):
    """A member through implicit `self`, then a top-level name of any file of the module, then builtins."""
    return callsites.member_or_file_level(
        r, scope, name, lambda fid, n: _top_level(r).get((_module_key(r.t.paths.get(fid, "")), n)), BUILTINS)


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`X(…)` constructs, `x.m()` / `x?.m()` / `self.f.m()` on typed receivers, `super.m()`."""
    return callsites.resolve_chain(r, caller, text.replace("?.", ".").replace("!.", "."), name,
                                   super_names=("super",), new_calls=False, class_calls_construct=True)


register("swift", LanguageHooks(visible=visible, resolve_call=resolve_call))
