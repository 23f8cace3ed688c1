from ._impl import frozen

__all__ = ["frozen"]
