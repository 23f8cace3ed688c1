; inherits: typescript
; TSX flow facts: the same as TypeScript's (queries/typescript/flow.scm).
