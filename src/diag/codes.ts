// The catalogue of diagnostic codes: every problem tfgraph reports has one stable code, `area.kebab-name`,
// that code branches on (never the summary text, which follows Terraform's wording and may change).
// docs/diagnostic-codes.md lists them. Lint findings are `lint.<rule id>` (see `lintCode`); Terraform's
// own diagnostics that lint reports under rule `terraform` keep their code from this catalogue.

export interface DiagnosticCodeInfo {
  /** The severity it is reported with (`both`: depends on the case). */
  readonly severity: 'error' | 'warning' | 'both'
  /** Whose text the summary is: Terraform's/OpenTofu's (reproduced), or tfgraph's own. */
  readonly origin: 'terraform' | 'tfgraph'
  /** The summary text (`<…>` for a variable part). */
  readonly summary: string
  /** What the problem is, in one line. */
  readonly description: string
}

export const DIAGNOSTIC_CODES = {
  // hcl: reading one file's text (native syntax and JSON)
  'hcl.syntax': {
    severity: 'error',
    origin: 'terraform',
    summary: '<the parser’s summary> (e.g. Unbalanced brackets, Invalid expression)',
    description: 'The file is not valid HCL native syntax.',
  },
  'hcl.binary-file': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid character / Invalid character encoding',
    description: 'The file contains NUL bytes: it is a binary file, not configuration text.',
  },
  'hcl.invalid-encoding': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid character encoding',
    description: 'The file is not valid UTF-8.',
  },
  'hcl.too-deeply-nested': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Configuration nested too deeply',
    description: 'The file nests blocks or expressions deeper than tfgraph reads.',
  },
  'hcl.json-syntax': {
    severity: 'error',
    origin: 'terraform',
    summary: '<the JSON parser’s summary> (e.g. Missing property value colon)',
    description: 'A .tf.json file is not valid JSON.',
  },
  'hcl.json-root-not-object': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Root value must be object',
    description: 'The root of a .tf.json file is neither an object nor an array of objects.',
  },
  'hcl.json-value-type': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Incorrect JSON value type',
    description: 'A JSON value where a block or its labels need an object (or array of objects).',
  },
  'hcl.json-unknown-property': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Extraneous JSON object property',
    description: 'A JSON property that names no argument or block type.',
  },
  'hcl.json-missing-label': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing block label',
    description: 'A JSON block object without the property that gives its label.',
  },
  'hcl.duplicate-argument': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate argument / Duplicate attribute definition',
    description: 'An argument set twice in one JSON object.',
  },

  // load: finding and reading a module's files
  'load.file-unreadable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Failed to read file',
    description: 'A configuration file could not be read.',
  },
  'load.dir-unreadable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Failed to read module directory',
    description: 'A module directory does not exist or cannot be read.',
  },
  'load.no-config-files': {
    severity: 'error',
    origin: 'terraform',
    summary: 'No configuration files',
    description: 'A module directory holds no configuration files.',
  },
  'load.too-many-files': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Too many configuration files',
    description: 'The run reached its limit of configuration files read (--max-files); the results are incomplete.',
  },

  // config: a module's blocks and arguments (Terraform's configuration loader)
  'config.unsupported-argument': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsupported argument',
    description: 'An argument at the top level of a file.',
  },
  'config.unsupported-block': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsupported block type',
    description: 'A top-level block type the language does not have.',
  },
  'config.missing-label': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing <label> for <block type>',
    description: 'A block with fewer labels than its type needs.',
  },
  'config.extraneous-label': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Extraneous label for <block type>',
    description: 'A block with more labels than its type takes.',
  },
  'config.misplaced-required-providers': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid required_providers block',
    description: 'A required_providers block outside a terraform block.',
  },
  'config.reserved-block-type': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Reserved block type name in module block',
    description: 'A module block with a nested block type reserved for future use.',
  },
  'config.duplicate-variable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate variable declaration',
    description: 'Two variable blocks with one name in a module.',
  },
  'config.duplicate-output': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate output definition',
    description: 'Two output blocks with one name in a module.',
  },
  'config.duplicate-module-call': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate module call',
    description: 'Two module blocks with one name in a module.',
  },
  'config.duplicate-local': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate local value definition',
    description: 'A local value defined twice in a module.',
  },
  'config.duplicate-resource': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate <kind> "<type>" configuration',
    description: 'Two resource (data, ephemeral) blocks with one type and name.',
  },
  'config.duplicate-check': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate check "<name>" configuration',
    description: 'Two check blocks with one name in a module.',
  },
  'config.check-multiple-data': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Multiple data resource blocks',
    description: 'A check block with more than one scoped data resource.',
  },
  'config.check-without-assert': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Zero assert blocks',
    description: 'A check block without an assert block.',
  },
  'config.check-data-meta-argument': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid "count" attribute / Invalid "for_each" attribute',
    description: 'count or for_each on a data resource nested in a check block.',
  },
  'config.check-data-lifecycle': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid lifecycle block',
    description: 'A lifecycle block in a data resource nested in a check block.',
  },
  'config.duplicate-required-providers': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate required providers configuration',
    description: 'More than one required_providers block in a module.',
  },
  'config.duplicate-backend': {
    severity: 'error',
    origin: 'terraform',
    summary: "Duplicate backend configuration / Duplicate 'backend' configuration block",
    description: 'More than one backend block in a module (or in one override file).',
  },
  'config.duplicate-state-store': {
    severity: 'error',
    origin: 'terraform',
    summary: "Duplicate 'state_store' configuration block / Duplicate state storage configuration",
    description: 'More than one state_store block in a module (or in one override file).',
  },
  'config.duplicate-provider-meta': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider_meta block',
    description: 'Two provider_meta blocks for one provider in a module.',
  },
  'config.duplicate-cloud': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate HCP Terraform configurations / Duplicate cloud configurations',
    description: 'More than one cloud block in a module.',
  },
  'config.backend-and-cloud': {
    severity: 'error',
    origin: 'terraform',
    summary: "Conflicting 'cloud' and 'backend' configuration blocks are present / Both a backend and a cloud configuration are present",
    description: 'A module with both a cloud block and a backend block.',
  },
  'config.state-store-conflict': {
    severity: 'error',
    origin: 'terraform',
    summary:
      "Conflicting 'state_store' and 'backend' configuration blocks are present / Conflicting 'cloud' and 'state_store' configuration blocks are present / Only one of 'cloud', 'state_store', or 'backend' configuration blocks are allowed",
    description: 'A module with a state_store block and a backend or cloud block (Terraform ≥ 1.13, experimental).',
  },
  'config.state-store-provider-missing': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing provider block',
    description: 'A state_store block without its nested provider block.',
  },
  'config.state-store-provider-duplicate': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider block',
    description: 'A state_store block with more than one nested provider block.',
  },
  'config.state-store-provider-alias': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unexpected provider alias',
    description: "A state_store block's nested provider block sets alias.",
  },
  'config.state-store-provider-not-required': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing entry in required_providers',
    description: "A state_store's provider has no required_providers entry under its local name (Terraform ≥ 1.14).",
  },
  'config.duplicate-encryption': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate encryption configuration',
    description: 'More than one OpenTofu encryption block in a module (or in one override file).',
  },
  'config.unsupported-backend-type': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsupported backend type',
    description: "The root module's backend block names a backend type the engine does not have (or has removed).",
  },
  'config.override-without-base': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing base <object> to override (and similar)',
    description: 'An override file overrides an object no primary file defines.',
  },
  'config.override-not-allowed': {
    severity: 'error',
    origin: 'terraform',
    summary: "Can't override <type> blocks / Cannot override '<type>' blocks / Unsupported override",
    description: 'An override file overrides something that cannot be overridden (moved, import, removed, check blocks, depends_on…).',
  },
  'config.condition-without-reference': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid <block type> expression',
    description: 'A condition that refers to nothing elsewhere in the configuration.',
  },
  'config.conflicting-meta-arguments': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid combination of "count" and "for_each" (and similar)',
    description: 'A resource or module block sets mutually exclusive meta-arguments.',
  },
  'config.quoted-reference': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Quoted references are deprecated',
    description: 'A reference written in quotes where it is expected literally.',
  },
  'config.quoted-keyword': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Quoted keywords are deprecated',
    description: 'A keyword written in quotes where it is expected literally.',
  },

  'config.static-provider-function': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Provider function in static context',
    description:
      'OpenTofu: a provider-defined function call in an expression evaluated statically (a module source or version, a provider for_each).',
  },
  'config.static-dynamic-value': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Dynamic value in static context',
    description: 'OpenTofu: a provider for_each (or a local value it reads) refers to a resource, a module call, count, each or self.',
  },
  'config.static-module-output': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Module output not supported in static context',
    description: 'OpenTofu: a provider for_each (or a local value it reads) refers to a module output.',
  },
  'config.static-non-const-variable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unable to use variable in static context',
    description: 'OpenTofu 1.12+: a variable declared const = false in an expression evaluated statically.',
  },
  'config.static-value-unavailable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unable to compute static value',
    description: 'OpenTofu: a statically evaluated expression reads a local value whose evaluation failed (reported beside that failure).',
  },
  'config.missing-argument': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing required argument',
    description: 'A block without an argument its schema requires (an action_trigger without events or actions).',
  },
  'config.invalid-address': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid address / Resource instance keys not allowed / Module instance keys not allowed / Invalid address operator',
    description: 'The address of a moved or removed block is not one Terraform can parse as such (an instance key where none is allowed).',
  },
  'config.invalid-moved': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid "moved" addresses',
    description: 'A moved block whose from and to are not both resources or both modules.',
  },
  'config.invalid-removed': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Data source address not allowed / Invalid provisioner block / Invalid connection block / Duplicate connection block',
    description: 'A removed block that targets a data source, or whose provisioners or connection Terraform cannot run.',
  },
  'config.invalid-import': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid import address / Invalid import block',
    description:
      'An import block into something that is not a managed resource, or (1.12 and later) with neither or both of id and identity.',
  },
  'config.removed-still-exists': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Removed resource still exists / Removed module still exists',
    description: 'A removed block whose resource or module call is still declared (terraform plan, from the configuration alone).',
  },
  'config.moved-conflict': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Moved object still exists / Ambiguous move statements / Redundant move statement',
    description:
      'A moved block whose from is still declared, that moves an object to itself, or that disagrees with another (terraform plan, from the configuration alone).',
  },
  'config.duplicate-import': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate import configuration for "<resource>"',
    description: 'A second import block into the same resource instance.',
  },

  // action: Terraform's action blocks (1.14 and later) and the action_trigger blocks of resources
  'action.invalid-name': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid action type name / Invalid action name',
    description: 'An action block label that is not a valid identifier.',
  },
  'action.duplicate': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate action "<type>" configuration',
    description: 'Two action blocks with one type and name in a module.',
  },
  'action.duplicate-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate config block',
    description: 'An action block with more than one config block (Terraform drops the action).',
  },
  'action.trigger-not-managed': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid data resource lifecycle nested block / Invalid ephemeral resource lifecycle nested block',
    description: 'An action_trigger block in the lifecycle of a data or ephemeral resource.',
  },
  'action.invalid-trigger': {
    severity: 'error',
    origin: 'terraform',
    summary:
      'No actions specified / No events specified / Invalid "event" value <v> / Duplicate "<event>" event / Invalid action expression / Invalid reference to action outside this module / Invalid action argument inside action_triggers / Invalid "on_failure" keyword / Invalid expression',
    description: 'An action_trigger block whose events, actions or on_failure Terraform rejects.',
  },

  // query: Terraform's query files (.tfquery.hcl, 1.14 and later)
  'query.missing-provider': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing "provider" attribute',
    description: 'A list block without a provider argument.',
  },
  'query.invalid-name': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid list block name',
    description: 'A list block whose name is not a valid identifier.',
  },
  'query.duplicate-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate config block',
    description: 'A list block with more than one config block.',
  },
  'query.duplicate-list': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate "list" block names / Duplicate list "<type>" configuration',
    description: 'Two list blocks with one type and name, in one query file or in the module.',
  },
  'query.list-in-child': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid list configuration',
    description: 'A query file with list blocks in a called module (list blocks are only allowed in the root module).',
  },

  // stack: Terraform Stacks configurations (.tfcomponent.hcl, .tfcomponent.json; .tfstack.* in 1.13)
  'stack.invalid-language': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid language edition',
    description: 'A stack file declares a `language` other than TFStack2023.',
  },
  'stack.invalid-name': {
    severity: 'error',
    origin: 'terraform',
    summary:
      'Invalid component name / Invalid provider local name / Invalid provider configuration name / Invalid name for \u2026 / Invalid local name for provider',
    description: 'A block label, providers map key or required_providers entry name that is not a valid identifier.',
  },
  'stack.invalid-argument-value': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Variables not allowed / Function calls not allowed / Unsuitable value type',
    description: 'A `source` or `version` of a component, stack or removed block that is not a constant string.',
  },
  'stack.invalid-source': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid source address',
    description: 'A component, stack or removed block source that is no source address.',
  },
  'stack.missing-version': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing required version constraints',
    description: 'A registry source without `version`.',
  },
  'stack.invalid-version': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid version constraints / Invalid version constraint',
    description: 'A `version` (of a source, or of a required_providers entry) that does not parse.',
  },
  'stack.unsupported-version': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsupported version constraints',
    description: 'A `version` beside a source that takes none (local or remote).',
  },
  'stack.invalid-provider-reference': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider configuration reference / Invalid expression',
    description: 'A providers map key that is not a local name, optionally with an alias.',
  },
  'stack.providers-not-map': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid expression',
    description: 'A `providers` argument that is not an object.',
  },
  'stack.duplicate-provider-assignment': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider configuration assignment',
    description: 'A providers map that assigns one slot twice.',
  },
  'stack.unexpected-block': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unexpected "<type>" block',
    description: 'A nested block in a `required_providers` or `locals` block.',
  },
  'stack.invalid-requirement': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider requirement attribute / Duplicate attribute / Invalid expression',
    description: 'A required_providers entry that is not an object of `source` and `version`.',
  },
  'stack.missing-requirement-attribute': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing required attribute',
    description: 'A required_providers entry without `source`, or an installable provider\u2019s without `version`.',
  },
  'stack.builtin-provider-version': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsupported attribute',
    description: 'A `version` on a built-in provider\u2019s required_providers entry.',
  },
  'stack.duplicate-provider-local-name': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider local name',
    description: 'Two required_providers entries for one provider.',
  },
  'stack.duplicate-required-providers': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider requirements',
    description: 'Two required_providers blocks in one file (Terraform drops the second block of another file silently).',
  },
  'stack.duplicate-declaration': {
    severity: 'error',
    origin: 'terraform',
    summary:
      'Duplicate component declaration / Duplicate embedded stack call / Duplicate input variable declaration / Duplicate local value declaration / Duplicate output value declaration',
    description: 'Two declarations of one name.',
  },
  'stack.duplicate-provider-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider configuration',
    description: 'Two `provider "TYPE" "NAME"` blocks with the same labels.',
  },
  'stack.removed-target-exists': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Component exists for removed block / Stack exists for removed block',
    description: 'A removed block without an index for a component or embedded stack that is still declared.',
  },
  'stack.invalid-removed-from': {
    severity: 'error',
    origin: 'terraform',
    summary: "Invalid 'from' attribute",
    description: 'A removed block whose `from` is no component or stack address.',
  },
  'stack.removed-for-each': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid for_each expression',
    description: 'A removed block with `for_each` whose `from` does not use `each`.',
  },
  'stack.removed-argument': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid providers attribute / Invalid inputs attribute',
    description: '`providers` on a removed block for an embedded stack, or `inputs` on one for a component.',
  },
  'stack.invalid-validation': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid validation expression',
    description: 'A variable validation condition that refers to nothing.',
  },
  'stack.unsupported-precondition': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Preconditions not yet supported',
    description: 'A precondition block in a stack output.',
  },
  'stack.undeclared-provider': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Undeclared provider local name',
    description: 'A provider block whose type is not in the stack\u2019s required_providers (no range in Terraform\u2019s diagnostic).',
  },
  'stack.mixed-file-suffixes': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid stack configuration directory',
    description: 'Terraform 1.13: .tfstack and .tfcomponent files mixed in one stack.',
  },
  'stack.directory-entry': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid stack configuration directory',
    description: 'A directory whose name has a stack file suffix.',
  },
  'stack.deprecated-file-suffix': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Deprecated filename usage',
    description: 'Terraform 1.13 read .tfstack.hcl files (no range in Terraform\u2019s diagnostic).',
  },
  'stack.missing-directory': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing stack configuration',
    description: 'An embedded stack whose directory does not exist.',
  },
  'stack.too-deep': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Too much embedded stack nesting',
    description: 'Embedded stacks nested deeper than 20 levels.',
  },
  'stack.orphaned-removed': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid removed block',
    description: 'A removed block for an embedded stack inside one that does not exist.',
  },
  'stack.removed-source-conflict': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid source address',
    description: 'Removed blocks (or a component and removed blocks) giving one target different sources.',
  },
  'stack.undeclared-reference': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Reference to undeclared input variable / local value / component / embedded stack',
    description: 'A stack expression naming something the stack does not declare.',
  },
  'stack.undeclared-provider-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Reference to undeclared provider configuration',
    description: 'A `provider.TYPE.NAME` reference to a provider block the stack does not have.',
  },
  'stack.invalid-depends-on': {
    severity: 'both',
    origin: 'terraform',
    summary: 'Invalid depends_on target / Non-valid depends_on target',
    description: 'A depends_on entry that names no declared component or embedded stack, or (a warning) one that goes deeper than it.',
  },
  'stack.invalid-reference': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid reference',
    description: 'A `provider` reference without a type and a name.',
  },
  'stack.component-not-found': {
    severity: 'error',
    origin: 'terraform',
    summary: "Can't load module for component / Can't load module for removed component",
    description: 'A component whose local source holds no Terraform module.',
  },
  'stack.missing-provider-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing required provider configuration',
    description:
      'A slot of a component\u2019s root module (configuration_aliases, or a configuration its resources or module calls need) that its providers map does not assign.',
  },
  'stack.invalid-provider-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider configuration',
    description: 'A providers map value that is a configuration of another provider, or no provider configuration.',
  },
  'stack.inline-provider-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Inline provider configuration not allowed',
    description: 'A provider block in a component\u2019s root module or a module it calls.',
  },
  'stack.const-variable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Const variable not supported in stacks',
    description: 'A variable with `const` in a component\u2019s module.',
  },
  'stack.workspace-reference': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid reference',
    description: '`terraform.workspace` in a component\u2019s module: a stack has no workspaces.',
  },
  'stack.provider-not-locked': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Provider missing from lockfile',
    description: 'A provider the stack configures (or, Terraform 1.17, requires) that the stack\u2019s .terraform.lock.hcl does not lock.',
  },
  'stack.provider-version-mismatch': {
    severity: 'error',
    origin: 'terraform',
    summary: "Provider version doesn't match the lockfile",
    description: 'Terraform 1.17: a locked version the stack\u2019s version constraints do not allow.',
  },
  'stack.source-not-fetched': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Component source not fetched',
    description: 'A component from a registry or remote source: tfgraph reads no network, so its modules are not analysed.',
  },
  'stack.embedded-source-not-fetched': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Embedded stack source not fetched',
    description:
      'An embedded stack (a `stack` block) from a registry or remote source: tfgraph reads no network, so its components are not analysed.',
  },
  'stack.files-not-read': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Stack files not read',
    description: '.tfstack.hcl files, which Terraform 1.14 and later do not read.',
  },
  'stack.unused-module-files': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Configuration files outside the stack',
    description: '.tf files in a stack directory that no component uses: Terraform ignores them.',
  },

  // test: test files (.tftest.hcl, .tftest.json; OpenTofu also .tofutest.*) and the runs of terraform test
  'test.directory-missing': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Test directory does not exist',
    description: 'The test directory given (--test-directory) does not exist.',
  },
  'test.duplicate-block': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Multiple "test" blocks / Multiple "variables" blocks / Multiple "plan_options" blocks / Multiple "module" blocks',
    description: 'A test file or run block with a second block of a kind it may have once.',
  },
  'test.duplicate-run': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate "run" block names',
    description: 'Two run blocks with one name in a test file.',
  },
  'test.duplicate-provider': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider block',
    description: 'Two provider or mock_provider blocks of a test file with one name and alias.',
  },
  'test.mock-data-unreadable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Failed to read mock data directory',
    description: 'The directory a mock_provider block names in source does not exist or cannot be read.',
  },
  'test.invalid-override-target': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Invalid override target',
    description:
      'An override block of a test file (or of a run, or of a mock_provider block) whose target the configuration under test lacks.',
  },
  'test.undeclared-variable': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Value for undeclared variable',
    description: 'A run gives a value to a variable the module under test does not declare.',
  },
  'test.invalid-expect-failures': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid `expect_failures` reference',
    description: 'A run expects a failure from something that cannot fail (a local value, a module call, another run).',
  },
  'test.missing-expected-failure': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing expected failure',
    description: 'A run expects a failure from an object the module under test does not declare, so it can never report one.',
  },
  'test.undeclared-reference': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Reference to undeclared resource / module / input variable / local value / output value',
    description: 'An assertion of a run refers to something the module under test does not declare.',
  },
  'test.duplicate-mock': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate mock_resource block / Duplicate mock_data block / Duplicate mock resource block',
    description: 'A mock_provider block (or its mock data files, between them) with two mock_resource (or mock_data) blocks of one type.',
  },
  'test.provider-version': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Version constraints are not allowed in test files',
    description: 'A provider block of a test file with a version argument (Terraform).',
  },
  'test.experimental': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid attribute / Invalid block',
    description: "skip_cleanup or a run's backend block, which only experimental builds of Terraform accept.",
  },
  'test.invalid-name': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid run block name',
    description: 'A run block whose name is not a valid identifier.',
  },
  'test.invalid-value': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid "command" keyword / Invalid "mode" keyword / Incompatible plan options / Invalid override_during value',
    description: "A run's command, plan_options or an override_during value Terraform does not accept.",
  },
  'test.invalid-override': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing target attribute / Invalid override target / Invalid expression',
    description: 'An override_resource, override_data or override_module block without a target it can use.',
  },
  'test.invalid-module': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing "source" attribute for module block / Invalid module source address',
    description: "A run's module block without a source, or with one that is neither local nor a registry address.",
  },
  'test.missing-provider-definition': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing provider definition for <name>',
    description: "A run's providers map names a provider block the test file does not have.",
  },
  'test.mismatched-provider': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Mismatched provider configuration',
    description: "A run's providers map passes a block of one provider as a configuration of another (Terraform 1.13 and later).",
  },
  'test.provider-type-mismatch': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Provider type mismatch',
    description:
      "Runs of a test file assign one provider block to configurations of different providers (the loader's check, before any run).",
  },

  // variable: input variables and their values
  'variable.invalid-type': {
    severity: 'error',
    origin: 'terraform',
    summary: '<the type parser’s summary> (e.g. Invalid type specification)',
    description: "A variable's type constraint cannot be parsed.",
  },
  'variable.invalid-default': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid default value for variable',
    description: "A variable's default does not match its type, or is null when nullable = false.",
  },
  'variable.file-unreadable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Failed to read variables file',
    description: 'A --var-file does not exist or cannot be read.',
  },
  'variable.invalid-option': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid -var option',
    description: 'A --var option that is not NAME=VALUE.',
  },
  'variable.reserved-name': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid variable name',
    description:
      'A variable named as an argument or nested block of a module block (source, version, count, for_each, depends_on, providers, lifecycle, locals, provider): a caller could not set it.',
  },
  'variable.const-sensitive': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Const variable cannot be sensitive',
    description: 'Terraform 1.15+: a variable declared both const = true and sensitive = true.',
  },
  'variable.const-ephemeral': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Const variable cannot be ephemeral',
    description: 'Terraform 1.15+: a variable declared both const = true and ephemeral = true.',
  },

  // module: module calls, their sources and how the crawler follows them
  'module.missing-source': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing required argument',
    description: 'A module block without a source argument.',
  },
  'module.invalid-source': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid module source address',
    description: 'A module source address that cannot be parsed.',
  },
  'module.invalid-registry-source': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid registry module source address',
    description: 'A module source with a version that is not a registry address.',
  },
  'module.source-not-constant': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid module source',
    description: 'A module source that refers to something other than constant variables and local values.',
  },
  'module.source-not-literal': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Variables not allowed / Function calls not allowed / Unsuitable value type',
    description:
      'Terraform before 1.15 (the release the root’s required_version follows): a module source or version that is not made of literals (decoded without an evaluation context).',
  },
  'module.source-unknown': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unknown module source',
    description: 'A module source that cannot be evaluated during init.',
  },
  'module.version-not-constant': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid module version',
    description: 'A module version that refers to something other than constant variables and local values.',
  },
  'module.version-unknown': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unknown module version',
    description: 'A module version that cannot be evaluated during init.',
  },
  'module.source-null': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsuitable module source (Terraform) / Unsuitable value type (OpenTofu)',
    description: 'A module source whose value is null.',
  },
  'module.source-sensitive': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unknown module source (Terraform) / Sensitive value not allowed, Ephemeral value not allowed (OpenTofu)',
    description: 'A module source derived from a sensitive or ephemeral value.',
  },
  'module.version-sensitive': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unknown module version (Terraform) / Invalid version constraint (OpenTofu)',
    description: 'A module version derived from a sensitive or ephemeral value.',
  },
  'module.template-null': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid template interpolation value',
    description: 'A module source or version template (or a local value it reads) interpolates a null value.',
  },
  'module.not-installed': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Module not installed',
    description: 'A remote module call with no installed copy (init was not run).',
  },
  'module.source-changed': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Module source has changed',
    description: 'The installed copy of a module was installed from another source.',
  },
  'module.installed-outside-data-dir': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Installed module outside the data directory',
    description: 'The module manifest records a module directory outside .terraform; tfgraph does not read it.',
  },
  'module.dir-not-found': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Unreadable module directory',
    description: 'A module call whose directory is missing or holds no configuration files.',
  },
  'module.cycle': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Module call cycle',
    description: 'A module call to the directory of one of its own callers.',
  },
  'module.too-deep': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Module nesting too deep',
    description: 'Module calls nested deeper than --max-depth; not followed.',
  },
  'module.too-many-calls': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Too many module calls',
    description: 'The run reached its limit of module calls followed (--max-modules); the results are incomplete.',
  },
  'module.invalid-manifest': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Invalid module manifest',
    description: 'The installed-modules manifest (.terraform/modules/modules.json) cannot be used.',
  },
  'module.duplicate-manifest-record': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid module manifest',
    description: 'The installed-modules manifest has two records for one module path.',
  },
  'module.providers-not-map': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid expression',
    description: "A module call's providers argument that is not a static map.",
  },
  'module.duplicate-providers-entry': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider address',
    description: "A module call's providers map that passes one child configuration twice.",
  },
  'module.legacy-provider-incompatible': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Module is incompatible with count, for_each, and depends_on (and similar)',
    description: 'A call with count, for_each or depends_on to a module that configures its own providers.',
  },
  'module.backend-ignored': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Backend configuration ignored',
    description: 'A backend block in a module that is not the root module.',
  },
  'module.cloud-ignored': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Cloud configuration ignored',
    description: 'A cloud block in a module that is not the root module.',
  },
  'provider.import-provider-argument': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid import provider argument',
    description:
      'An import block names a provider configuration, but its target resource is declared (and names none, or another) or lies in a module.',
  },
  'module.import-in-child': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid import configuration',
    description: 'An import block in a module that is not the root module.',
  },

  // provider: requirements, configurations and how modules pass them
  'provider.invalid-source': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider source string',
    description: 'A required_providers source that is not [hostname/][namespace/]type.',
  },
  'provider.invalid-type': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider type',
    description: 'A provider source whose type part is invalid (or has a terraform-provider- prefix).',
  },
  'provider.invalid-namespace': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider namespace',
    description: 'A provider source whose namespace part is invalid (an underscore: before Terraform 1.16, and in OpenTofu).',
  },
  'provider.invalid-local-name': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider local name / Invalid provider name',
    description: 'A provider local name (block label, required_providers key, reference) that is not a valid or normalized name.',
  },
  'provider.invalid-implied-local-name': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider local name',
    description: 'A resource type whose implied provider local name is invalid.',
  },
  'provider.invalid-alias': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider configuration alias',
    description: 'A provider alias that is not a valid name.',
  },
  'provider.invalid-reference': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider configuration reference',
    description: 'A provider reference (provider argument, providers map) that is not <name> or <name>.<alias>.',
  },
  'provider.quoted-reference': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider configuration reference',
    description: 'A provider reference given in quotes.',
  },
  'provider.for-each-without-alias': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Alias required when using "for_each"',
    description: 'A provider block with for_each but no alias.',
  },
  'provider.reserved-argument': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Reserved argument name in provider block',
    description: 'A provider block argument whose name is reserved.',
  },
  'provider.reserved-block-type': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Reserved block type name in provider block',
    description: 'A provider block nested block whose type is reserved.',
  },
  'provider.duplicate-escaping-block': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate escaping block',
    description: 'A provider block with more than one "_" block.',
  },
  'provider.duplicate-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider configuration',
    description: 'Two provider blocks with one name and alias in a module.',
  },
  'provider.version-in-config': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Version constraints inside provider configuration blocks are deprecated',
    description: 'A version argument in a provider block.',
  },
  'provider.duplicate-requirement': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Duplicate required provider',
    description: 'One provider required under two local names.',
  },
  'provider.requirement-name-mismatch': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Duplicate required provider',
    description: 'A provider block whose name implies a provider required under another local name.',
  },
  'provider.resource-name-mismatch': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Duplicate required provider',
    description: 'A resource whose implied provider is required under another local name.',
  },
  'provider.instance-key-without-alias': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid <block type> provider configuration',
    description: 'An instance key on a reference to a provider configuration without an alias (OpenTofu).',
  },
  'provider.instance-key-unknown-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid <block type> provider configuration',
    description: 'An instance key on a reference to an aliased configuration the module does not declare (OpenTofu).',
  },
  'provider.instance-key-without-for-each': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid <block type> provider configuration',
    description: 'An instance key on a reference to a configuration without for_each (OpenTofu).',
  },
  'provider.instance-key-missing': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid <block type> provider configuration',
    description: 'A reference to a configuration with for_each but no instance key (OpenTofu).',
  },
  'provider.instance-key-in-providers-key': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid module provider configuration',
    description: 'An instance key on the left side of a providers map entry (OpenTofu).',
  },
  'provider.for-each-matches-resource': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Provider configuration for_each matches <block type>',
    description: 'A provider for_each identical to the for_each of the resource or module using it (OpenTofu).',
  },
  'provider.undeclared-inherited': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Reference to undefined provider',
    description: 'A module inherits a provider under a local name its caller does not declare.',
  },
  'provider.undeclared-in-child': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Reference to undefined provider',
    description: 'A providers map passes a configuration under a local name the child module does not declare (implied there).',
  },
  'provider.unknown-in-child': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Reference to undefined provider',
    description: 'A providers map passes a configuration the child module has no requirement for.',
  },
  'provider.missing-inherited-config': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Missing required provider configuration',
    description: 'A module expects to inherit a configuration its caller does not pass.',
  },
  'provider.missing-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing required provider configuration',
    description: 'A module declares a configuration alias its caller does not pass.',
  },
  'provider.cannot-override-config': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Cannot override provider configuration',
    description: 'A providers map entry for a configuration the child module defines itself.',
  },
  'provider.type-mismatch': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Provider type mismatch',
    description: 'A providers map passes a configuration of one provider for a local name of another.',
  },
  'provider.type-mismatch-in-child': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Provider type mismatch',
    description: 'A providers map entry whose two local names mean different providers in caller and child.',
  },
  'provider.redundant-empty-block': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Redundant empty provider block',
    description: 'An empty provider block in a shared module, better declared as a configuration alias.',
  },
  'provider.missing-in-parent': {
    severity: 'error',
    origin: 'terraform',
    summary: 'missing provider <address>',
    description: "A providers map passes a configuration the caller does not have (Terraform's graph error).",
  },
  'provider.config-not-present': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Provider configuration not present',
    description: 'A resource uses an aliased provider configuration its module does not have.',
  },
  'provider.unknown-function': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unknown provider function / Unknown function provider',
    description:
      'A provider-defined function call (provider::NAME::FUNCTION) whose provider NAME the module does not declare in required_providers (OpenTofu: a graph error), or, in Terraform, one with an alias (provider::NAME::ALIAS::FUNCTION, OpenTofu only).',
  },

  // lock: .terraform.lock.hcl, its syntax and how it matches the configuration
  'lock.unreadable': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Failed to read dependency lock file / Failed to read lock file',
    description: 'The lock file could not be read.',
  },
  'lock.no-lock-file': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'No dependency lock file',
    description: 'The configuration requires providers but has no lock file.',
  },
  'lock.provider-not-locked': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Inconsistent dependency lock file',
    description: 'A required provider has no entry in the lock file.',
  },
  'lock.version-mismatch': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Inconsistent dependency lock file',
    description: "A locked version or its recorded constraints no longer match the configuration's constraints.",
  },
  'lock.unused-entry': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Unused dependency lock',
    description: 'A lock entry for a provider no module requires.',
  },
  'lock.other-registry': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Lock entry for the other registry',
    description: "The lock entry is for the other engine's default registry.",
  },
  'lock.invalid-platform': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Invalid platform',
    description: 'A --platform that is not os_arch.',
  },
  'lock.missing-platform-hashes': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'Lock file may not cover every platform',
    description: 'A lock entry with only h1: hashes, which may not verify on other platforms.',
  },
  'lock.checksum-mismatch': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Provider package checksum mismatch',
    description: 'An installed provider package whose hash the lock file does not list.',
  },
  'lock.module-locks-unsupported': {
    severity: 'warning',
    origin: 'terraform',
    summary: 'Dependency locks for modules are not yet supported',
    description: 'A module block in the lock file.',
  },
  'lock.duplicate-provider': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Duplicate provider lock',
    description: 'Two lock entries for one provider.',
  },
  'lock.invalid-provider-address': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider source address',
    description: 'A lock entry whose address is not a fully-qualified provider address.',
  },
  'lock.builtin-provider': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider source address',
    description: 'A lock entry for a built-in provider.',
  },
  'lock.legacy-provider': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider source address',
    description: 'A lock entry for a legacy provider address (namespace "-").',
  },
  'lock.non-normalized-address': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Non-normalized provider source address',
    description: 'A lock entry address not written in normalized form.',
  },
  'lock.missing-version': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing required argument',
    description: 'A lock entry without a version.',
  },
  'lock.invalid-version': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider version number',
    description: 'A lock entry version that is not a version number.',
  },
  'lock.non-normalized-version': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider version number',
    description: 'A lock entry version not written in normalized form.',
  },
  'lock.invalid-constraints': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider version constraints',
    description: 'Recorded constraints that cannot be parsed.',
  },
  'lock.non-normalized-constraints': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider version constraints',
    description: 'Recorded constraints not written in normalized form.',
  },
  'lock.invalid-hashes': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid expression / Invalid provider hash set',
    description: 'A hashes argument that is not a static, non-empty list.',
  },
  'lock.invalid-hash': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Invalid provider hash string',
    description: 'A hash without a scheme prefix.',
  },
  'lock.unsuitable-value': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsuitable value type',
    description: 'A lock file argument of the wrong type.',
  },
  'lock.unsupported-argument': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsupported argument',
    description: 'An argument the lock file does not have.',
  },
  'lock.unsupported-block': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Unsupported block type',
    description: 'A block type the lock file does not have.',
  },
  'lock.extraneous-label': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Extraneous label for <block type>',
    description: 'A lock file block with more than one label.',
  },
  'lock.missing-label': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Missing <label> for <block type>',
    description: 'A lock file block without its label.',
  },

  // graph: exporting and slicing graphs
  'graph.dependency-cycle': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Dependency cycle',
    description: 'Objects that depend on each other (Terraform refuses to plan them).',
  },
  'graph.no-such-module': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'No such module',
    description: 'The module given to slice the graph by does not exist.',
  },
  'graph.no-such-node': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Nothing to focus on',
    description: 'The address given to focus the graph on names no node.',
  },

  // plan: a saved plan's JSON read by `providers --plan`
  'plan.binding-disagrees': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'The plan binds a resource to another provider configuration',
    description: "The plan's own configuration section binds a resource to another provider configuration than the static binding.",
  },

  // state: a state (raw format 4) matched to the configuration by `--state`
  'state.provider-configuration-missing': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Provider configuration not present',
    description:
      'An object in the state is no longer declared and the provider configuration it was recorded under is gone: terraform plan fails until it is back.',
  },
  'state.provider-instance-missing': {
    severity: 'error',
    origin: 'terraform',
    summary: 'Provider instance not present',
    description:
      "OpenTofu: an object in the state is no longer declared and the provider instance it was recorded under is gone (its key left the provider block's for_each, or the block gained a for_each): tofu plan fails until it is back.",
  },
  'state.rehomed': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'A state object moves to another provider configuration',
    description: 'The configuration now binds an object of the state to another provider configuration than the one the state recorded.',
  },
  'state.other-configuration': {
    severity: 'warning',
    origin: 'tfgraph',
    summary: 'The state matches nothing in this configuration',
    description: 'No object of the state is declared by the configuration: a state of another root module, or of another revision.',
  },

  // lint-config: the lint configuration file
  'lint-config.unreadable': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Failed to read configuration file',
    description: 'The lint configuration file does not exist or cannot be read.',
  },
  'lint-config.syntax': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Invalid configuration file',
    description: 'The lint configuration file is not valid JSON.',
  },
  'lint-config.unknown-rule': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Invalid configuration file',
    description: 'The lint configuration names a rule that does not exist.',
  },
  'lint-config.invalid': {
    severity: 'error',
    origin: 'tfgraph',
    summary: 'Invalid configuration file',
    description: 'The lint configuration has an unknown key or a value of the wrong kind.',
  },
} as const satisfies Record<string, DiagnosticCodeInfo>

/** A code from the catalogue. */
export type CatalogueCode = keyof typeof DIAGNOSTIC_CODES

/** A lint rule's finding: `lint.<rule id>`. */
export type LintCode = `lint.${string}`

export type DiagnosticCode = CatalogueCode | LintCode

/** The code of a lint rule's findings. */
export function lintCode(ruleId: string): LintCode {
  return `lint.${ruleId}`
}

/** Whether `s` is a code of the catalogue or a lint rule's code. */
export function isDiagnosticCode(s: string): s is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTIC_CODES, s) || /^lint\.[a-z0-9]+(-[a-z0-9]+)*$/.test(s)
}
