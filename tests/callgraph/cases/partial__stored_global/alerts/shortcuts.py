"""Partials bound at module level and called from functions in other modules."""
from functools import partial

from .core import emit

warn = partial(emit, level="warn")
page = partial(emit, level="critical", channel="oncall")
