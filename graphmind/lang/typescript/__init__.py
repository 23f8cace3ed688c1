"""TypeScript's type text read for the evaluator (graphmind/lang/contextual.py, graphmind/lang/typeflow.py)."""
