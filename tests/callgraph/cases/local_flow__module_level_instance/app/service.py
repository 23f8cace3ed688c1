"""A module-level instance used by module code and by functions in the module."""
from .db import Client

client = Client("sqlite://")
client.connect()


def count_users():
    return client.query("select count(*) from users")
