"""The package gathers its submodules' public names with star imports."""
from .numbers import *  # noqa: F403
from .text import *  # noqa: F403
