"""An attribute assigned from an unannotated parameter has an unknown type."""


class EmailClient:
    def send(self, to, body):
        return f"mail {to}"


class SmsClient:
    def send(self, to, body):
        return f"sms {to}"


class Notifier:
    def __init__(self, client):
        self.client = client
        self.sent = 0

    def notify(self, to):
        self.sent += 1
        return self.client.send(to, self.render(to))

    def render(self, to):
        return f"hello {to}"
