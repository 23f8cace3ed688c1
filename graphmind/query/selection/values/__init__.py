"""What the values reaching a function at run time can be, read from the source: the builtin type a call's
argument surely has (a literal, an f-string), and the types an `isinstance` condition on a parameter asks for."""
