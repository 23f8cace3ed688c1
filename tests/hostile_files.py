"""Pathological source files an attacker can commit (issue 36), generated: nested calls, brackets,
operator and member chains, a very long line, deeply nested definitions. Each passes every skip rule
(size, binary, minified) and used to cost minutes (or a recursion) before the depth bound."""
from __future__ import annotations


def pathological(n: int = 50_000) -> dict[str, str]:
    """File name -> text, each nested about `n` levels deep (definitions: as deep as indentation allows)."""
    return {
        "calls.py": "y = h(\n" * n + "1\n" + ")\n" * n,
        "lists.py": "x = " + "[\n" * n + "1" + "]\n" * n,
        "mixed.py": "z = " + "({[\n" * (n // 3) + "0" + "]})\n" * (n // 3),
        "ops.py": "s = (a\n" + " + a\n" * n + ")\n",
        "attrs.py": "q = (a\n" + " .b()\n" * n + ")\n",
        "subs.py": "r = (a\n" + " [0]\n" * n + ")\n",
        "conds.py": "c = (" + "1 if a else\n" * n + "0)\n",
        "lambdas.py": "l = (" + "lambda:\n" * n + "0)\n",
        "longline.py": "w = [" + ", ".join(f"f{i}(x)" for i in range(n)) + "]\n" + "pass\n" * 2000,
        "defs.py": "".join(" " * i + f"def f{i}():\n" for i in range(400)) + " " * 400 + "pass\n",
        "classes.py": "".join(" " * i + f"class C{i}:\n" for i in range(400)) + " " * 400 + "pass\n",
    }
