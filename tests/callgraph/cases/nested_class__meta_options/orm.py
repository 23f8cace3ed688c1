"""Nested classes used as option holders; their static methods are called via the outer class."""


def snake(name):
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")


class Model:
    class Meta:
        ordering = ("id",)

        @staticmethod
        def table_for(cls_name):
            return snake(cls_name) + "s"

    @classmethod
    def table(cls):
        return cls.Meta.table_for(cls.__name__)


class BlogPost(Model):
    pass


if __name__ == "__main__":
    print(BlogPost.table(), Model.Meta.table_for("UserGroup"))
