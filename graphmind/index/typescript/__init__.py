"""TypeScript's own extraction rules: sources the grammar rejects, rewritten at the same length (`blanking`)."""
