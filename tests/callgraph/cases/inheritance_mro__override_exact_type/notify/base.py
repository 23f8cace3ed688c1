"""Base notifier."""


class Notifier:
    def send(self, msg):
        return f"base:{msg}"

    def format(self, msg):
        return msg.strip()
