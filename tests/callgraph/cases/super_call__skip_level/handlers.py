"""super().m() skips classes in between that do not define m."""


class Handler:
    def handle(self, event):
        return f"handled {event}"

    def close(self):
        return "closed"


class Buffered(Handler):
    def flush(self):
        return "flushed"


class Logged(Buffered):
    def handle(self, event):
        return "logged " + super().handle(event)

    def close(self):
        self.flush()
        return super().close()


if __name__ == "__main__":
    h = Logged()
    print(h.handle("e"), h.close())
