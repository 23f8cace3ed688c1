"""A value narrowed by isinstance: after the check only the narrowed type's methods, never the other's."""


class Cat:
    def speak(self):
        return "meow"


class Dog:
    def speak(self):
        return "woof"

    def fetch(self):
        return "ball"


def play(pet):
    if isinstance(pet, Dog):
        return pet.fetch()
    return pet.speak()


def only_dogs(pet: Cat):
    if not isinstance(pet, Dog):
        return None
    return pet.fetch()


play(Cat())
only_dogs(Cat())
