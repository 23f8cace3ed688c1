"""An unannotated parameter: every workspace call site passes a Line."""


def line_total(line, tax=0.2):
    return round(line.subtotal() * (1 + tax), 2)
