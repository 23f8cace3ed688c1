"""An annotated variable types calls on it even when its value comes from a lookup."""


class Plugin:
    def __init__(self, name):
        self.name = name

    def activate(self):
        return f"{self.name} on"


PLUGINS = {"x": Plugin("x")}


def activate(name):
    plugin: Plugin = PLUGINS[name]
    return plugin.activate()


current: Plugin = PLUGINS["x"]
current.activate()

if __name__ == "__main__":
    print(activate("x"))
