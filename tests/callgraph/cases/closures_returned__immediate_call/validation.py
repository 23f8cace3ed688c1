"""Calling the result of a call: make_validator(...)(data) reaches the returned closure."""


def missing(fields, data):
    return [f for f in fields if f not in data]


def make_validator(*fields):
    def validate(data):
        return missing(fields, data)
    return validate


def check(data):
    return make_validator("name", "email")(data)


if __name__ == "__main__":
    print(check({"name": "x"}))
