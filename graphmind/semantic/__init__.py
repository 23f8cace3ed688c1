"""The optional semantic index (the `embed` extra): a local sentence encoder run in numpy, the text each
definition is embedded from, the vector file beside the index, and the ranking by meaning that
search fuses with its lexical one. Nothing here is imported unless the extra's packages are present
and vectors are asked for: without it, search is lexical and nothing heavy is loaded."""
