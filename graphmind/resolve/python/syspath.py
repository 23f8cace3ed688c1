"""The folder Python puts first on `sys.path` for a module run from a folder that is no package: a
script's own folder (`python scripts/tool.py` imports `helper` from scripts/helper.py), and the folder
pytest inserts for a test module in its default `prepend` import mode (the first folder above the test
file without an `__init__.py`: tests/pkg_test/core/x_test.py imports `pkg_test.matcher_test` from
tests/pkg_test/matcher_test.py). An absolute import whose first name is no workspace package is read
from there when a module of that name is found there."""
from __future__ import annotations


def script_rooted(t, scope: int, target: str) -> str | None:
    """`target` as seen from the sys.path folder of the module holding `scope` (a qualified name the
    workspace knows), or None."""
    sym = t.syms.get(scope)
    module = t.syms.get(t.file_module.get(sym.file)) if sym is not None else None
    if module is None:
        return None
    parts = module.qualname.split(".")      # (an `__init__.py` is named as its folder: that folder first)
    depth = len(parts) - (0 if t.paths.get(sym.file, "").endswith("__init__.py") else 1)
    while depth > 0 and _is_package(t, ".".join(parts[:depth])):
        depth -= 1                          # up while the folder is a package
    if depth == 0:
        return None                         # the workspace's (or its project's) root: names as they are
    rooted = ".".join(parts[:depth]) + "." + target
    return rooted if rooted in t.packages else None


def _is_package(t, qualname: str) -> bool:
    """A folder with an `__init__.py` the index holds."""
    sid = t.by_qual.get(qualname)
    return sid is not None and t.paths.get(t.syms[sid].file, "").endswith("__init__.py")
