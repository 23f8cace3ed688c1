"""Platform-dependent imports: either branch may bind the names, so both are callees."""
import sys

if sys.platform == "win32":
    from ._windows import quote, spawn
else:
    from ._posix import quote, spawn


def launch(program, *args):
    return spawn(" ".join([program, *map(quote, args)]))


if __name__ == "__main__":
    print(launch("echo", "hi there"))
