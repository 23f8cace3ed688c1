"""Disk backend."""
import os


def write(path, data):
    with open(path, "w") as fh:
        fh.write(data)
    return os.path.getsize(path)


def remove(path):
    os.remove(path)
