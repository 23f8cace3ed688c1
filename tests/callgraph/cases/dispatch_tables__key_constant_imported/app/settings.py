"""Settings: the output format is a constant chosen here."""
FORMAT = "json"
LEVEL = 1
