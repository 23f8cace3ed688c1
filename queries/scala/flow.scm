; Scala name bindings, for typed receivers (see queries/README.md, "Flow queries").
; Class parameters bind in the class (they are its fields); parameters in the function they precede.

(class_parameters (class_parameter name: (identifier) @name type: (_) @value)) @binding.annot
(parameters (parameter name: (identifier) @name type: (_) @value)) @binding.annot
(val_definition pattern: (identifier) @name type: (_) @value) @binding.annot
(val_definition pattern: (identifier) @name !type value: (_) @value) @binding.assign
(var_definition pattern: (identifier) @name type: (_) @value) @binding.annot
(var_definition pattern: (identifier) @name !type value: (_) @value) @binding.assign
(function_definition return_type: (_) @value) @binding.returns
