import {standardModuleStructure} from '../../src/rules/standard-module-structure.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_standard_module_structure_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.standard-module-structure'

const t = ruleTests(standardModuleStructure, {
  valid: ['standard'],
  invalid: ['flat'],
  memory: [
    {
      name: 'tflint: no standard file at all',
      files: {'foo.tf': 'locals {\n  a = 1\n}\n'},
      expected: [
        {code, range: 'main.tf:1,1-1'},
        {code, range: 'outputs.tf:1,1-1'},
        {code, range: 'variables.tf:1,1-1'},
      ],
    },
    {
      name: 'tflint: a variable outside variables.tf',
      files: {'main.tf': 'variable "v" {}\n', 'variables.tf': '', 'outputs.tf': ''},
      expected: [{code, range: 'main.tf:1,1-13'}],
    },
    {
      name: 'tflint: an output outside outputs.tf',
      files: {'main.tf': 'output "o" {\n  value = null\n}\n', 'variables.tf': '', 'outputs.tf': ''},
      expected: [{code, range: 'main.tf:1,1-11'}],
    },
    {
      name: 'tflint: only JSON files: not checked',
      files: {'main.tf.json': '{"variable": {"v": {}}, "output": {"o": {"value": null}}}\n'},
      expected: [],
    },
    {
      name: 'a child module without the files',
      files: {'main.tf': 'module "c" {\n  source = "./c"\n}\n', 'variables.tf': '', 'outputs.tf': '', 'c/c.tf': 'locals {\n  a = 1\n}\n'},
      expected: [
        {code, range: 'c/main.tf:1,1-1'},
        {code, range: 'c/outputs.tf:1,1-1'},
        {code, range: 'c/variables.tf:1,1-1'},
      ],
    },
  ],
})

t.run()
