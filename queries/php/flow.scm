; PHP name bindings, for typed receivers (see queries/README.md, "Flow queries"); `$` is not part of
; a name. Promoted constructor parameters (`private HttpClient $client`) are fields of the class.

(formal_parameters (simple_parameter type: (_) @value name: (variable_name (name) @name))) @binding.annot
(formal_parameters (simple_parameter !type name: (variable_name (name) @name))) @binding.param
(formal_parameters (property_promotion_parameter type: (_) @value name: (variable_name (name) @name))) @binding.attrannot
(assignment_expression left: (variable_name (name) @name) right: (_) @value) @binding.assign
(assignment_expression left: (member_access_expression object: (variable_name (name) @object) name: (name) @name) right: (_) @value) @binding.attr
(property_declaration type: (_) @value (property_element (variable_name (name) @name))) @binding.annot
(foreach_statement (_) (variable_name (name) @name)) @binding.local
(method_declaration return_type: (_) @value) @binding.returns
(function_definition return_type: (_) @value) @binding.returns
(return_statement (_) @value) @binding.return
