"""Distances."""
import math

from . import units


def euclid(a, b):
    return units.round_m(math.dist(a, b))
