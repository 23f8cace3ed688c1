"""A parameter named like a module function hides it in the function body."""


def normalize(value):
    return value.strip().lower()


def clean_all(values, normalize):
    return [normalize(v) for v in values]


def clean_default(values):
    return [normalize(v) for v in values]


def clean_upper(values):
    return clean_all(values, str.upper)


if __name__ == "__main__":
    print(clean_default([" A "]), clean_upper(["b"]))
