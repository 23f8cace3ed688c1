"""Page(JsonMixin, HtmlMixin): MRO is Page, JsonMixin, HtmlMixin, View."""
from .mixins import HtmlMixin, JsonMixin


class Page(JsonMixin, HtmlMixin):
    def handle(self, request):
        return self.dispatch(request), self.render(request)


if __name__ == "__main__":
    print(Page().handle("r"))
