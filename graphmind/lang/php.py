"""PHP: namespaces are the qualified names, `use A\\B\\C;` imports a class, classes of the same
namespace need no `use`, `$this->m()` / `self::m()` / `parent::m()` go through the class.

A file's module name is its namespace (`namespace Acme\\Billing;` -> `Acme.Billing`), so every file
of a namespace shares it and `Acme.Billing.InvoiceService` is one qualified name whichever file
declares it (PSR-4 puts one class in each). Receivers are typed by the shared evaluator
(graphmind/lang/flow/typeflow.py): `$x = new X()`, typed parameters, promoted constructor parameters,
typed properties, `$this->x = …`, declared return types.
"""
from __future__ import annotations

import re

from graphmind.lang import callsites, kit as langkit
from graphmind.lang.flow import hooks as typeflow
from graphmind.resolve.hooks import LanguageHooks, Resolving, register

_NAMESPACE = re.compile(rb"^\s*namespace\s+([\w\\]+)\s*[;{]", re.M)
_VARIABLE = re.compile(r"\$(?=[A-Za-z_])")
BUILTINS = frozenset("""
array_map array_filter array_keys array_values array_merge array_key_exists count in_array implode explode
sprintf printf strlen strtolower strtoupper trim json_encode json_decode isset unset empty is_array
is_string is_int is_null var_dump print_r die exit define defined function_exists class_exists
""".split())


def module_name(path: str, data: bytes) -> str | None:
    """The file's namespace, dotted, or None (the path-based name) outside any namespace."""
    m = _NAMESPACE.search(data[:65536])
    return m.group(1).decode("utf-8", "replace").strip("\\").replace("\\", ".") if m else None


def resolve_import(r: Resolving, fid: int, scope: int, module: str, symbol: str | None):
    """`use A\\B\\C;`: the class C of namespace A.B."""
    return callsites.via_import(r, module.strip("\\").replace("\\", "."), symbol)


def visible(r: Resolving, scope: int, name: str):
    """A class of the same namespace, a namespace written in full, then PHP's builtin functions."""
    t = r.t
    ns = t.syms[langkit.module_of(r, scope)].qualname
    hit = t.by_qual.get(f"{ns}.{name}")
    if hit is not None and hit in t.syms and t.syms[hit].kind not in ("module", "namespace"):
        return ("local" if t.syms[hit].file == t.syms[scope].file else "import", hit)
    if name in t.packages:
        return ("module", name)                       # `\Acme\Billing\X::make()`
    return ("builtin", None) if name in BUILTINS else None


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`new X()`, `$x->m()`, `$this->f->m()`, `X::m()`, `parent::m()`, `\\A\\B\\f()`."""
    text = _VARIABLE.sub("", text).replace("?->", "->").replace("\\", ".").lstrip(".").replace("new .", "new ", 1)
    rows = callsites.resolve_chain(r, caller, text, name, super_names=("parent",), new_calls=True)
    if rows is None and text.startswith("this->"):
        return callsites.self_call(r, caller, name)       # `$this->m()`: the class hierarchy
    return rows


def find_path(r: Resolving, scope: int, path: str):
    """A written path as the evaluator reads it: `static` / `self` (`new static(…)`) name the
    enclosing class; `Payments\\RefundProcessor` arrives dotted."""
    if path in ("static", "self"):
        cls = r.enclosing_class(scope)
        return ("local", cls) if cls is not None else None
    return r.resolve_path(scope, path.lstrip("."))


typeflow.PATH_FINDERS["php"] = find_path
register("php", LanguageHooks(module_name=module_name, resolve_import=resolve_import, visible=visible,
                              resolve_call=resolve_call))
