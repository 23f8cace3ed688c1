"""super() kept in a local before its methods are called."""


class Model:
    def save(self):
        return "saved"

    def validate(self):
        return True


class Article(Model):
    def save(self):
        parent = super()
        if parent.validate():
            return parent.save()
        return None


if __name__ == "__main__":
    print(Article().save())
