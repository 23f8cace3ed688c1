"""Python's own extraction rules, beside the shared extractor (graphmind/index/extractor.py): lambdas
as definitions of their own (`lambdas`: which lambdas, their names and scopes, the texts that name
them, the edge from the scope that creates one)."""
