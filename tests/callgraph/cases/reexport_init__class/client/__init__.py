"""Re-export the client class."""
from .session import Session

__all__ = ["Session"]
