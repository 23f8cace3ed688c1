; Ruby name bindings, for typed receivers (see queries/README.md, "Flow queries"). An instance
; variable assigned in a method (`@client = …`) is a field of its class; call text names it
; without its `@`, as the bindings do.

(assignment left: (identifier) @name right: (_) @value) @binding.assign
(assignment left: (instance_variable) @name right: (_) @value) @binding.attr
(method_parameters (identifier) @name) @binding.param
(method_parameters (optional_parameter name: (identifier) @name value: (_) @value)) @binding.assign
(method_parameters [(keyword_parameter name: (identifier) @name) (optional_parameter name: (identifier) @name)]) @binding.param
(block_parameters (identifier) @name) @binding.local
