"""The root of the diamond."""


class View:
    def dispatch(self, request):
        return f"view:{request}"

    def render(self, data):
        return str(data)
