"""`from package import module` binds the submodule; calls go through its attribute."""
from shop import tax


def invoice(amount, country):
    gross = tax.apply(amount, country)
    return {"net": amount, "gross": gross, "rate": tax.rate_for(country)}


if __name__ == "__main__":
    print(invoice(100, "de"))
