"""The builtin type an expression surely has when it is written as a literal (`"a"`, `f"{x}"`, `b"a"`, `[1]`,
`"%s" % x`, `"{}".format(x)`), and the builtin types an `isinstance(P, T)` condition on a name asks for. A call
site whose argument's type is none of those asked for never runs the code under that condition."""
from __future__ import annotations

import ast

# builtin type -> the builtin types whose values are also instances of it
_WITHIN = {"int": {"bool"}}
_BUILTIN = {"str", "bytes", "bytearray", "int", "float", "complex", "bool", "list", "tuple", "dict", "set",
            "frozenset", "NoneType"}
_SHAPES = {ast.JoinedStr: "str", ast.List: "list", ast.ListComp: "list", ast.Tuple: "tuple", ast.Dict: "dict",
           ast.DictComp: "dict", ast.Set: "set", ast.SetComp: "set"}


def literal_type(node: ast.expr | None) -> str | None:
    """The builtin type name of a literal expression, or None when not sure."""
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        name = type(node.value).__name__
        return name if name in _BUILTIN else None
    for shape, name in _SHAPES.items():
        if isinstance(node, shape):
            return name
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and literal_type(node.left) in ("str", "bytes"):
        return literal_type(node.left)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
            and literal_type(node.func.value) == "str"):
        return "str"
    return None


def asked(test: ast.expr) -> tuple[str, frozenset[str]] | None:
    """(name, builtin types) of `isinstance(name, T)` or `isinstance(name, (T1, T2))`, when every T is a builtin
    type written by its name (`type(None)` too); None otherwise (a class of the project may have any instance)."""
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"
            and len(test.args) == 2 and not test.keywords and isinstance(test.args[0], ast.Name)):
        return None
    spec = test.args[1]
    names = spec.elts if isinstance(spec, ast.Tuple) else [spec]
    out = set()
    for n in names:
        if isinstance(n, ast.Name) and n.id in _BUILTIN:
            out.add(n.id)
        elif isinstance(n, ast.Call) and ast.unparse(n) == "type(None)":
            out.add("NoneType")
        else:
            return None
    return test.args[0].id, frozenset(out)


def may_be(kind: str | None, types: frozenset[str]) -> bool:
    """Whether a value of builtin type `kind` (None: unknown) may be an instance of one of `types`."""
    if kind is None:
        return True
    return any(kind == t or kind in _WITHIN.get(t, ()) for t in types)
