"""Aliases built on imported names, re-aliased in another module."""
from .core import mean as average
from .core import spread

avg = average
dispersion = spread
