; Java name bindings, for typed receivers (see queries/README.md, "Flow queries").

(formal_parameters (formal_parameter type: (_) @value name: (identifier) @name)) @binding.annot
(local_variable_declaration type: (_) @value declarator: (variable_declarator name: (identifier) @name)) @binding.annot
(local_variable_declaration declarator: (variable_declarator name: (identifier) @name value: (_) @value)) @binding.assign
(field_declaration type: (_) @value declarator: (variable_declarator name: (identifier) @name)) @binding.annot
(method_declaration type: (_) @value) @binding.returns
(enhanced_for_statement type: (_) @value name: (identifier) @name) @binding.annot
(catch_formal_parameter (catch_type) @value name: (identifier) @name) @binding.annot
