"""Two mixins over the same base."""
from .base import View


class JsonMixin(View):
    def render(self, data):
        return "{" + str(data) + "}"


class HtmlMixin(View):
    def render(self, data):
        return f"<p>{data}</p>"

    def dispatch(self, request):
        return f"html:{request}"
