"""A name imported only for type checking still types the annotated parameter."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Invoice


def summarize(invoice: Invoice) -> str:
    return f"total={invoice.total()}"


def summarize_all(invoices: list) -> list:
    return [summarize(i) for i in invoices]
