"""super() in a subclass reaches the base class's methods."""
from .base import Account


class Savings(Account):
    def __init__(self, owner, rate):
        super().__init__(owner)
        self.rate = rate

    def deposit(self, amount):
        bonus = amount * self.rate
        return super().deposit(amount + bonus)
