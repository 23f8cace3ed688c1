"""getattr with a computed name: the method is unknowable statically, so no edge."""


class Button:
    def __init__(self, label):
        self.label = label

    def on_click(self):
        return f"{self.label} clicked"

    def on_hover(self):
        return f"{self.label} hovered"

    def fire(self, event):
        handler = getattr(self, "on_" + event)
        return handler()


def press(label):
    return Button(label).fire("click")


if __name__ == "__main__":
    print(press("ok"))
