"""Selection steps that follow what a method call dispatches to: which instances exist, and where."""
