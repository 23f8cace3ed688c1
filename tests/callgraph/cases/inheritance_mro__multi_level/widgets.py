"""Three levels: each method is found in the nearest class of the MRO that defines it."""


class Widget:
    def render(self):
        return "<widget>"

    def size(self):
        return (1, 1)


class Button(Widget):
    def render(self):
        return "<button>"


class IconButton(Button):
    def icon(self):
        return "*"


def draw():
    b = IconButton()
    return b.render(), b.size(), b.icon()


if __name__ == "__main__":
    print(draw())
