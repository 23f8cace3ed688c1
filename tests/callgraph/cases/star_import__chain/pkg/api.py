"""No __all__: re-exports everything public, including names it imported itself."""
from .base import *  # noqa: F403


def session(url):
    return connect(url)
