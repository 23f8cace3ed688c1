"""Entry point."""
from expr.sums import evaluate

print(evaluate("1 + ( 2 + 3 )"))
