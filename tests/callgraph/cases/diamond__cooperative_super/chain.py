"""Cooperative super() in a diamond: what super() reaches depends on the instance's MRO."""


class Base:
    def setup(self, log):
        log.append("Base")


class Left(Base):
    def setup(self, log):
        log.append("Left")
        super().setup(log)


class Right(Base):
    def setup(self, log):
        log.append("Right")
        super().setup(log)


class Both(Left, Right):
    def setup(self, log):
        log.append("Both")
        super().setup(log)


def run():
    for obj in (Both(), Left()):
        log = []
        obj.setup(log)
        print(log)


if __name__ == "__main__":
    run()
