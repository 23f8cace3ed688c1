; Kotlin name bindings, for typed receivers (see queries/README.md, "Flow queries").
; Primary-constructor parameters bind in the class (with val/var they are its properties).

(function_value_parameters (parameter (simple_identifier) @name [(user_type) (nullable_type)] @value)) @binding.annot
(primary_constructor (class_parameter (simple_identifier) @name [(user_type) (nullable_type)] @value)) @binding.annot
(property_declaration (variable_declaration (simple_identifier) @name [(user_type) (nullable_type)] @value)) @binding.annot
(property_declaration (variable_declaration (simple_identifier) @name) (call_expression) @value) @binding.assign
(function_declaration (function_value_parameters) . [(user_type) (nullable_type)] @value) @binding.returns
