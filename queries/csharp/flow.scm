; C# name bindings, for typed receivers (see queries/README.md, "Flow queries").

(parameter_list (parameter type: (_) @value name: (identifier) @name)) @binding.annot
(variable_declaration type: (_) @value (variable_declarator name: (identifier) @name)) @binding.annot
(variable_declarator name: (identifier) @name [(object_creation_expression) (invocation_expression)] @value) @binding.assign
(foreach_statement type: (_) @value left: (identifier) @name) @binding.annot
(property_declaration type: (_) @value name: (identifier) @name) @binding.annot
(method_declaration returns: (_) @value) @binding.returns
