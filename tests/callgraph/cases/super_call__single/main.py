"""Entry point."""
from accounts.savings import Savings

if __name__ == "__main__":
    acct = Savings("ann", 0.1)
    print(acct.deposit(100))
