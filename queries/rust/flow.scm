; Rust name bindings, for typed receivers (see queries/README.md, "Flow queries").

(parameters (parameter pattern: [(identifier) @name (mut_pattern (identifier) @name)] type: (_) @value)) @binding.annot
(let_declaration pattern: [(identifier) @name (mut_pattern (identifier) @name)] type: (_) @value) @binding.annot
(let_declaration pattern: [(identifier) @name (mut_pattern (identifier) @name)] !type value: (_) @value) @binding.assign
(field_declaration name: (field_identifier) @name type: (_) @value) @binding.annot
(function_item return_type: (_) @value) @binding.returns
