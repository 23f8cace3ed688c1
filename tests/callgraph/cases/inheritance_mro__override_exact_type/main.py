"""Exact receiver types: an override hides the base method; the base keeps its own."""
from notify.base import Notifier
from notify.email import EmailNotifier


def plain_send():
    return Notifier().send("a")


def email_send():
    email = EmailNotifier()
    return email.send(email.format(" b "))


print(plain_send(), email_send())
