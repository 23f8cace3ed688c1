"""Diamond: D(B, C), B(A), C(A). C3 linearization is D, B, C, A, so C.save wins over A.save."""


class Model:
    def save(self):
        return "Model.save"

    def load(self):
        return "Model.load"


class Timestamped(Model):
    def touch(self):
        return "touched"


class Audited(Model):
    def save(self):
        return "Audited.save"


class Document(Timestamped, Audited):
    pass


def store():
    doc = Document()
    return doc.save(), doc.load(), doc.touch()


if __name__ == "__main__":
    print(store())
