"""TypeScript's own extraction rules: sources the grammar rejects, rewritten at the same length (`blanking`); the
declared type of a member of a destructured parameter (`destructured`)."""
