"""Entry point."""
from storage.users import UserRepository


def main():
    repo = UserRepository()
    repo.save(1, {"email": "a@b"})
    return repo.find(1), repo.by_email("a@b")


print(main())
