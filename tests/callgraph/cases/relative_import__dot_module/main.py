"""Entry point."""
from app.logger import info, warn

if __name__ == "__main__":
    print(info("up"))
    print(warn("disk"))
