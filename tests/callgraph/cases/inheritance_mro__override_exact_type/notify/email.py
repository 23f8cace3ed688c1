"""Overrides send only."""
from .base import Notifier


class EmailNotifier(Notifier):
    def send(self, msg):
        return f"email:{msg}"
