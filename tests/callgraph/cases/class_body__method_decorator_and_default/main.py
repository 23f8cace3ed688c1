from api.routes import UserApi


def main():
    api = UserApi()
    return api.count()


if __name__ == "__main__":
    print(main())
