"""Only the imported module's function is the callee, never its namesake."""
from pkg.a.utils import load
from pkg.b.utils import save


def convert(path):
    data = load(path)
    return save(path + ".b", data)


print(convert("x"))
