"""A class imported by name: instantiation and class-method calls."""
from crm.models import Customer


def load(rows):
    return [Customer.from_row(r) for r in rows]


def domains(rows):
    first = Customer("ann", "ann@example.org")
    return [first.domain()] + [c.domain() for c in load(rows)]


print(domains([{"name": "bob", "email": "bob@example.com"}]))
