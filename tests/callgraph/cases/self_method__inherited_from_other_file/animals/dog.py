"""self.<m>() where m is inherited from a base class in another module."""
from .base import Animal


class Dog(Animal):
    def fetch(self, thing):
        return f"{self.describe()} fetches {thing}"

    def greet(self):
        return self.speak() + "!"
