"""Attributes declared in the class body (annotation or default instance) type later calls."""


class Sender:
    def send(self, to, text):
        return f"{to}: {text}"


class Formatter:
    def format(self, text):
        return text.strip().capitalize()


class Notifier:
    sender: Sender
    formatter = Formatter()

    def __init__(self, sender):
        self.sender = sender

    def notify(self, to, text):
        return self.sender.send(to, self.formatter.format(text))


if __name__ == "__main__":
    print(Notifier(Sender()).notify("bob", " hello "))
