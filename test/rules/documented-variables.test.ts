import {documentedVariables} from '../../src/rules/documented-variables.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_documented_variables_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.documented-variables'

const t = ruleTests(documentedVariables, {
  valid: ['described'],
  invalid: ['undescribed'],
  memory: [
    {
      name: 'tflint: no description',
      files: {'variables.tf': 'variable "no_description" {\n  default = "default"\n}\n'},
      expected: [{code, range: 'variables.tf:1,1-26'}],
    },
    {
      name: 'tflint: an empty description',
      files: {'variables.tf': 'variable "empty_description" {\n  description = ""\n}\n'},
      expected: [{code, range: 'variables.tf:1,1-29'}],
    },
    {
      name: 'tflint: a description',
      files: {'variables.tf': 'variable "with_description" {\n  description = "This is description"\n}\n'},
      expected: [],
    },
  ],
})

t.run()
