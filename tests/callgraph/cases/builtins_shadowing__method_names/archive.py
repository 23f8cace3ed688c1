"""Methods named like builtins do not shadow them; only self.<name> reaches the method."""


class Archive:
    def __init__(self, names):
        self.names = names

    def list(self):
        return list(sorted(self.names))

    def len(self):
        return len(self.list())

    def open(self, name):
        return open(name) if name in self.names else None


def summary(archive):
    return len(archive.names)


if __name__ == "__main__":
    a = Archive(["x"])
    print(a.len(), summary(a))
