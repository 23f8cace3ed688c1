from ._impl import attrib, fields, make

ib = attrib
