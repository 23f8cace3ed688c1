"""An alias of an alias from another module."""
from mathx import api

calc = api.avg


def stats(values):
    return calc(values), api.dispersion(values)


print(stats([1, 2, 3, 6]))
