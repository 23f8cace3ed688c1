"""self.<property> inside methods and other properties runs the getter."""


class Person:
    def __init__(self, first, last):
        self.first = first
        self.last = last

    @property
    def full_name(self):
        return f"{self.first} {self.last}"

    @property
    def initials(self):
        return "".join(part[0] for part in self.full_name.split())

    def greeting(self):
        return f"Hello, {self.full_name} ({self.initials})"


if __name__ == "__main__":
    print(Person("Ada", "Lovelace").greeting())
