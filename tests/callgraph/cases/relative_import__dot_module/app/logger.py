"""`from . import sibling` binds the sibling module."""
from . import utils


def info(msg):
    return utils.stamp("INFO " + msg)


def warn(msg):
    return utils.stamp("WARN " + msg)
