"""Python's type evaluator: what an expression holds (`evaluator.TypeEval`), with the values kept in
containers and produced by iteration (`containers`) and parameter <- argument flow (`arguments`),
solved as one fixpoint (graphmind/resolve/fixpoint.py)."""
