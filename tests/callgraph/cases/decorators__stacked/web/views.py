"""Stacked decorators are applied bottom-up by the module; callers reach the view itself."""
from .decorators import login_required, route


def render(template, **ctx):
    return template.format(**ctx)


@route("/profile")
@login_required
def profile(user):
    return render("<h1>{user}</h1>", user=user)


def home(user):
    return profile(user) if user else "welcome"


if __name__ == "__main__":
    print(home("ann"), home(""))
