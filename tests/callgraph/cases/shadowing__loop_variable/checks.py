"""A loop variable named like a module function shadows it in that function."""


def validate(value):
    return value is not None


def not_empty(value):
    return bool(value)


def is_short(value):
    return len(value) < 10


def check_all(value):
    results = []
    for validate in (not_empty, is_short):  # noqa: B007
        results.append(validate(value))
    return results


def check_one(value):
    return validate(value)


if __name__ == "__main__":
    print(check_all("abc"), check_one(None))
