"""Names re-exported by star imports in __init__, honoring each module's __all__."""
from fmt import money, percent, title


def line(name, amount, share):
    return f"{title(name)}: {money(amount)} ({percent(share)})"


print(line("widgets", 1234.5, 0.25))
