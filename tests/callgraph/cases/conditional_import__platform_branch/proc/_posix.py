"""POSIX implementation."""


def spawn(cmd):
    return ["/bin/sh", "-c", cmd]


def quote(arg):
    return "'" + arg.replace("'", "'\\''") + "'"
