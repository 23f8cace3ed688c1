; Go name bindings, for typed receivers (see queries/README.md, "Flow queries").
; Parameters and receivers bind in the function they precede; struct fields bind in the struct.

(parameter_list (parameter_declaration name: (identifier) @name type: (_) @value)) @binding.annot
(var_spec name: (identifier) @name type: (_) @value) @binding.annot
(var_spec name: (identifier) @name !type value: (expression_list . (_) @value)) @binding.assign
(short_var_declaration left: (expression_list . (identifier) @name) right: (expression_list . (_) @value)) @binding.assign
(field_declaration name: (field_identifier) @name type: (_) @value) @binding.annot
(function_declaration result: (_) @value) @binding.returns
(method_declaration result: (_) @value) @binding.returns
