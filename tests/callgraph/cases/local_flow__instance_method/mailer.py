"""A local variable bound to a new instance; its methods resolve through the class."""


class Message:
    def __init__(self, to):
        self.to = to
        self.lines = []

    def write(self, line):
        self.lines.append(line)

    def render(self):
        return f"To: {self.to}\n" + "\n".join(self.lines)


def compose(to, body):
    msg = Message(to)
    for line in body:
        msg.write(line)
    return msg.render()


if __name__ == "__main__":
    print(compose("ann", ["hi", "bye"]))
