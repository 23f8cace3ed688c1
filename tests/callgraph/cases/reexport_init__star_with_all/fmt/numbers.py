"""Number formatting."""
__all__ = ["money", "percent"]


def _sep(value):
    return f"{value:,.2f}"


def money(value):
    return "$" + _sep(value)


def percent(value):
    return f"{value * 100:.1f}%"
