"""Entry point."""
from billing.models import Invoice
from billing.report import summarize_all

print(summarize_all([Invoice([1, 2]), Invoice([3])]))
