; Swift name bindings, for typed receivers (see queries/README.md, "Flow queries").
; The grammar names a parameter's type and a function's result type with the field `name:` too.

(parameter name: (simple_identifier) @name [(user_type) (optional_type)] @value) @binding.annot
(property_declaration name: (pattern bound_identifier: (simple_identifier) @name) (type_annotation (_) @value)) @binding.annot
(property_declaration name: (pattern bound_identifier: (simple_identifier) @name) value: (_) @value) @binding.assign
(assignment target: (directly_assignable_expression (navigation_expression target: (self_expression) @object suffix: (navigation_suffix suffix: (simple_identifier) @name))) result: (_) @value) @binding.attr
(function_declaration name: [(user_type) (optional_type)] @value) @binding.returns
