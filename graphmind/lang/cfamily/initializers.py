"""C++ member-initializer lists (`Ctor(…) : _args(args), stack_state(mark, 0), count(0)`): a member's
initializer runs the constructor of the member's declared class, picked by the arguments as any call
is (graphmind/resolve/overloads.py); a member of a builtin, pointer or reference type reaches no
definition (the bare-name rules leave it unresolved, as an incremental update does too); a base's initializer (`: Base(args)`, `: PyObjectPointer<>(it)`) is left to the bare-name rules."""
from __future__ import annotations

import re

from graphmind.lang import kit as langkit
from graphmind.lang.cfamily import cpptypes
from graphmind.resolve.hooks import Resolving

_QUALIFIERS = re.compile(r"\b(?:const|volatile|mutable|static|typename|struct|class)\b")


def member_constructor(r: Resolving, caller: int, name: str, find_type, built):
    """Rows for `name(…)` written in a constructor of a class declaring a member `name` of a project class
    (None: not such a member's initializer). `find_type(r, scope, path)` finds a written type's class and `built(r, cls,
    how)` the rows constructing it (lang/cfamily/hooks.py)."""
    cls = r.enclosing_class(caller)
    if cls is None or r.t.syms[caller].name != r.t.syms[cls].name.split("<")[0]:
        return None
    written = [v for k, v in r.t.bindings.get(cls, {}).get(name, ()) if k == "annot"]
    if not written:
        return None
    text = _QUALIFIERS.sub(" ", written[0]).strip()
    indirect = any(v in ("*", "&", "&&") for _, v in r.t.bindings[cls].get("~" + name, ()))
    if indirect or "*" in text or cpptypes.holder(text) is not None:
        return None                             # a pointer, a reference, `std::unique_ptr<T>`: no constructor of ours
    target = find_type(r, cls, langkit.type_path(text) or text)
    return built(r, target, "inferred") if target is not None else None
