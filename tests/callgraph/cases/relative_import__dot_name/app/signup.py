"""`from .mod import name, name as alias`."""
from .validators import is_email, is_nonempty as present


def check(form):
    errors = []
    if not present(form.get("name", "")):
        errors.append("name")
    if not is_email(form.get("email", "")):
        errors.append("email")
    return errors


if __name__ == "__main__":
    print(check({"name": "x", "email": "x@y"}))
