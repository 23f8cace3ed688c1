"""What a name holds, for every language with flow facts: the evaluator (typeflow.py, members.py), what each language
plugs into it (hooks.py), which bindings reach a site (scopevars.py) and TypeScript's contextual typing (contextual.py)."""
