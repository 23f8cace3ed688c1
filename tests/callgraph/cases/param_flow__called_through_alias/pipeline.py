"""A function called through another name: its parameters still receive what that call passes."""


def to_upper(text):
    return text.upper()


def strip_spaces(text):
    return text.strip()


def apply_step(step, text):
    return step(text)


run_step = apply_step


def clean(text):
    text = run_step(strip_spaces, text)
    return run_step(to_upper, text)


if __name__ == "__main__":
    print(clean("  hello "))
