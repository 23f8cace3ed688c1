"""Customer model."""


class Customer:
    def __init__(self, name, email):
        self.name = name
        self.email = email

    @classmethod
    def from_row(cls, row):
        return cls(row["name"], row["email"])

    def domain(self):
        return self.email.split("@")[1]
