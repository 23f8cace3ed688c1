; Lua name bindings, for typed receivers (see queries/README.md, "Flow queries"): locals and
; globals, `self.x = …` (a field of the table the method belongs to), returned values (a chunk's
; `return X` is what `require` gives).

(assignment_statement (variable_list . name: (identifier) @name .) (expression_list . value: (_) @value .)) @binding.assign
(assignment_statement (variable_list . name: (dot_index_expression table: (identifier) @object field: (identifier) @name) .) (expression_list . value: (_) @value .)) @binding.attr
(parameters name: (identifier) @name) @binding.param
(for_generic_clause (variable_list (identifier) @name)) @binding.local
(return_statement (expression_list . (_) @value)) @binding.return
