"""Helpers beside the script (tools/ is not a package)."""


def slugify(text):
    return text.lower().replace(" ", "-")


class Timer:
    def elapsed(self):
        return 0.0
