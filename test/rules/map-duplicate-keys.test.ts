import {mapDuplicateKeys} from '../../src/rules/map-duplicate-keys.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_map_duplicate_keys_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.map-duplicate-keys'

const t = ruleTests(mapDuplicateKeys, {
  valid: ['distinct'],
  invalid: ['repeated'],
  memory: [
    {
      name: 'tflint: no duplicates',
      files: {'module.tf': 'resource "null_resource" "test" {\n  test = {\n    a = 1\n    b = 2\n  }\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: a name given twice',
      files: {'module.tf': 'resource "null_resource" "test" {\n  triggers = {\n    a = "b"\n    a = "c"\n  }\n}\n'},
      expected: [{code, range: 'module.tf:4,5-6'}],
    },
    {
      name: 'tflint: a name and the same string',
      files: {'module.tf': 'resource "null_resource" "test" {\n  triggers = {\n    a   = "b"\n    "a" = "c"\n  }\n}\n'},
      expected: [{code, range: 'module.tf:4,5-8'}],
    },
    {
      name: 'tflint: a variable key with a default',
      files: {
        'module.tf':
          'variable "a" {\n  type    = string\n  default = "b"\n}\nresource "null_resource" "test" {\n  map = {\n    (var.a) = 5\n    b       = 8\n  }\n}\n',
      },
      expected: [{code, range: 'module.tf:8,5-6'}],
    },
    {
      name: 'tflint: a variable key without a default',
      files: {
        'module.tf':
          'variable "u" {\n  type = string\n}\nresource "null_resource" "test" {\n  map = {\n    x       = 8\n    (var.u) = 5\n  }\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: three times: two findings',
      files: {'module.tf': 'resource "null_resource" "test" {\n  map = {\n    a = 7\n    a = 8\n    a = 9\n  }\n}\n'},
      expected: [
        {code, range: 'module.tf:4,5-6'},
        {code, range: 'module.tf:5,5-6'},
      ],
    },
    {
      name: 'tflint: the same key in two maps',
      files: {'module.tf': 'resource "null_resource" "test" {\n  map  = { x = 1 }\n  map2 = { x = 2 }\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: a sensitive variable key is not evaluated',
      files: {
        'module.tf':
          'variable "s" {\n  default   = "secret"\n  sensitive = true\n}\nresource "null_resource" "test" {\n  map = {\n    (var.s)  = 1\n    "secret" = 2\n  }\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: numbers as keys',
      files: {'module.tf': 'resource "null_resource" "test" {\n  map = {\n    1 = 1\n    1 = 2\n  }\n}\n'},
      expected: [{code, range: 'module.tf:4,5-6'}],
    },
    {
      name: 'tflint: keys made by a for expression are not known',
      files: {
        'module.tf':
          'resource "null_resource" "test" {\n  list = [for a in ["foo", "bar"] : {\n    "${a}_baz" = 1\n    "foo_baz"  = 2\n  }]\n}\n',
      },
      expected: [],
    },
  ],
})

t.run()
