"""Python's type evaluator: what an expression holds (`evaluator.TypeEval`), with the values kept in
containers and produced by iteration (`containers`), parameter <- argument flow (`arguments`), names
read in order (`names`) and the wrappers decorators put in place (`decorators`), solved as one
fixpoint (graphmind/resolve/fixpoint.py)."""
