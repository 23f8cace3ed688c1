"""`@app.route("/")`: a method returning a closure that registers the function and returns it
unchanged; a call of the decorated function runs only that function."""


class App:
    def __init__(self):
        self.routes = {}

    def add(self, rule, view):
        self.routes[rule] = view

    def route(self, rule):
        def register(view):
            self.add(rule, view)
            return view
        return register

    def dispatch(self, rule):
        return self.routes[rule]()


app = App()


def render(text):
    return f"<p>{text}</p>"


@app.route("/")
def index():
    return render("home")


@app.route("/about")
def about():
    return render("about")


def preview():
    return index()


if __name__ == "__main__":
    print(app.dispatch("/"), app.dispatch("/about"), preview())
