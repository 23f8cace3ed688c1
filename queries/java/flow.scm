; Java name bindings, for typed receivers (see queries/README.md, "Flow queries").

(formal_parameters (formal_parameter type: (_) @value name: (identifier) @name)) @binding.annot
; `String... names`: names is an array of the type written (graphmind/lang/argtypes.py)
(spread_parameter [(type_identifier) (generic_type) (scoped_type_identifier) (integral_type) (floating_point_type)
                   (boolean_type) (array_type)] @value (variable_declarator name: (identifier) @name)) @binding.varargs
(local_variable_declaration type: (_) @value declarator: (variable_declarator name: (identifier) @name)) @binding.annot
(local_variable_declaration declarator: (variable_declarator name: (identifier) @name value: (_) @value)) @binding.assign
(field_declaration type: (_) @value declarator: (variable_declarator name: (identifier) @name)) @binding.annot
(method_declaration type: (_) @value) @binding.returns
(annotation_type_element_declaration type: (_) @value) @binding.returns
(enhanced_for_statement type: (_) @value name: (identifier) @name) @binding.annot
(catch_formal_parameter (catch_type) @value name: (identifier) @name) @binding.annot
(resource type: (_) @value name: (identifier) @name) @binding.annot
(resource name: (identifier) @name value: (_) @value) @binding.assign

; Reads of static fields and enum constants: `Config.MAX`, `Color.RED` (member reads) and bare names
; where a value is read; kept only as `read` edges (graphmind/resolve/reads.py).
(field_access object: (identifier) @object field: (identifier) @name) @implicit.attribute
[(argument_list (identifier) @name)
 (variable_declarator value: (identifier) @name)
 (assignment_expression right: (identifier) @name)
 (return_statement (identifier) @name)
 (binary_expression (identifier) @name)
 (unary_expression operand: (identifier) @name)
 (ternary_expression (identifier) @name)
 (field_access object: (identifier) @name)
 (method_invocation object: (identifier) @name)
 (array_access array: (identifier) @name)
 (array_access index: (identifier) @name)
 (array_initializer (identifier) @name)
 (parenthesized_expression (identifier) @name)
 (element_value_pair value: (identifier) @name)] @implicit.read
