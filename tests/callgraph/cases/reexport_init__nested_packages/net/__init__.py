"""Top-level re-export of a name that a subpackage re-exports in turn."""
from .http import fetch
