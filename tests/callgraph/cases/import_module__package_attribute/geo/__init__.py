"""Importing the package imports its submodules, so geo.distance is reachable."""
from . import distance, units
