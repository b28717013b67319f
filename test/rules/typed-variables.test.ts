import {typedVariables} from '../../src/rules/typed-variables.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_typed_variables_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.typed-variables'

const t = ruleTests(typedVariables, {
  valid: ['typed'],
  invalid: ['untyped'],
  memory: [
    {
      name: 'tflint: no type',
      files: {'variables.tf': 'variable "no_type" {\n  default = "default"\n}\n'},
      expected: [{code, range: 'variables.tf:1,1-19'}],
    },
    {
      name: 'tflint: a complex type',
      files: {'variables.tf': 'variable "t" {\n  type = list(object({\n    internal = number\n  }))\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: type any',
      files: {'variables.tf': 'variable "any" {\n  type = any\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: JSON syntax with a type',
      files: {'variables.tf.json': '{"variable": {"with_type": {"type": "string"}}}\n'},
      expected: [],
    },
    {
      name: 'tflint: JSON syntax without a type',
      files: {'variables.tf.json': '{\n  "variable": {\n    "no_type": {\n      "default": "foo"\n    }\n  }\n}\n'},
      expected: [{code, range: 'variables.tf.json:3,16-17'}],
    },
    {
      name: 'a child module written by the same authors',
      files: {'main.tf': 'module "c" {\n  source = "./c"\n}\n', 'c/variables.tf': 'variable "x" {\n  default = 1\n}\n'},
      expected: [{code, range: 'c/variables.tf:1,1-13'}],
    },
  ],
})

t.run()
