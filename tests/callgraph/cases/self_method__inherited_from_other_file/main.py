"""Entry point."""
from animals.dog import Dog

dog = Dog("rex")
print(dog.greet(), dog.fetch("ball"))
