"""A method named like a module function does not hide it inside other methods."""


def validate(data):
    return isinstance(data, dict) and bool(data)


def clean(data):
    return {k.strip(): v for k, v in data.items()}


class Form:
    def validate(self, data):
        return validate(data) and self.clean(data) is not None

    def clean(self, data):
        return clean(data)


def submit(payload):
    form = Form()
    if form.validate(payload):
        return form.clean(payload)
    return None


if __name__ == "__main__":
    print(submit({" a": 1}))
