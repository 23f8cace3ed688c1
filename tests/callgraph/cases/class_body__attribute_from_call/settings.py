"""Class attributes computed by calling module functions when the class body runs."""
import os


def env_flag(name, default="0"):
    return os.environ.get(name, default) == "1"


def default_timeout():
    return 30


class Settings:
    debug = env_flag("APP_DEBUG")
    timeout = default_timeout()
    retries = max(1, 3)

    def reload(self):
        self.debug = env_flag("APP_DEBUG")
        return self


if __name__ == "__main__":
    print(Settings().reload().debug)
