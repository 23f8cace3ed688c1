"""TypeScript's type text read for the evaluator (graphmind/lang/flow/contextual.py, graphmind/lang/flow/typeflow.py)."""
