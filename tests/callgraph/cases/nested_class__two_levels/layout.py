"""Classes nested two levels deep, reached through the full dotted path."""


class Page:
    class Header:
        class Logo:
            @staticmethod
            def svg():
                return "<svg/>"

        def render(self):
            return "<header>" + Page.Header.Logo.svg() + "</header>"

    def render(self):
        return Page.Header().render()


if __name__ == "__main__":
    print(Page().render())
