"""super() reaching a builtin base is not an edge; super() reaching a workspace base is."""


class Registry(dict):
    def register(self, name, value):
        super().setdefault(self.key(name), value)
        return self

    def key(self, name):
        return name.lower()


class StrictRegistry(Registry):
    def register(self, name, value):
        if self.key(name) in self:
            raise KeyError(name)
        return super().register(name, value)


if __name__ == "__main__":
    print(StrictRegistry().register("A", 1))
