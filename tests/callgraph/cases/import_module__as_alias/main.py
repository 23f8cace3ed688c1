"""`import a.b.c as d` binds d to the submodule itself."""
import os
import tempfile

import storage.backends.disk as disk


def roundtrip(data):
    path = os.path.join(tempfile.mkdtemp(), "x.txt")
    size = disk.write(path, data)
    disk.remove(path)
    return size


print(roundtrip("hello"))
