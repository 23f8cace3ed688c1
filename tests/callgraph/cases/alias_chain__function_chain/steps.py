"""Aliases of aliases still call the original function."""


def normalize(text):
    return " ".join(text.split())


clean = normalize
tidy = clean


def prepare(text):
    fix = tidy
    again = fix
    return again(text)


RESULT = tidy("  a   b ")

if __name__ == "__main__":
    print(RESULT, prepare(" c  d "))
