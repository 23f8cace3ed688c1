"""Links the index cannot record, read at query time from the test code that builds or uses an object
(objectuse.py: special methods Python runs for `str(x)`, `len(x)`, `1 + x`, and members of a class whose
base is taken from the test class)."""
