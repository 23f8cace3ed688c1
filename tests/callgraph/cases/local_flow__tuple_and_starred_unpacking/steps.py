"""Functions unpacked from tuples, with and without a starred target."""


def validate(x):
    return x


def normalize(x):
    return x.strip()


def persist(x):
    return len(x)


def pipeline(text):
    first, *rest = validate, normalize, persist
    text = first(text)
    return rest[0](text)


def pair(text):
    load, save = normalize, persist
    return save(load(text))


if __name__ == "__main__":
    print(pipeline(" a "), pair(" b "))
