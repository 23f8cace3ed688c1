"""A reusable context-manager base class."""


class Managed:
    def open(self):
        return self

    def close(self):
        return None

    def __enter__(self):
        self.open()
        return self

    def __exit__(self, *exc):
        self.close()
        return False
