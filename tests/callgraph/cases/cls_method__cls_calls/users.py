"""Inside a classmethod, cls.<m>() reaches the class's own class/static methods."""


class User:
    registry = {}

    def __init__(self, name):
        self.name = name

    @staticmethod
    def normalize(name):
        return name.strip().lower()

    @classmethod
    def create(cls, name):
        key = cls.normalize(name)
        if key not in cls.registry:
            cls.registry[key] = cls(key)
        return cls.registry[key]

    @classmethod
    def count(cls):
        return len(cls.registry)

    def twin(self):
        return self.create(self.name)


if __name__ == "__main__":
    first = User.create(" Ann ")
    again = User("ann").twin()
    print(first is again, User.count())
