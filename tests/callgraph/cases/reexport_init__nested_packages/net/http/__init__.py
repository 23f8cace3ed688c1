"""The subpackage re-exports its client functions."""
from .client import fetch, head
