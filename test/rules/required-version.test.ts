import {requiredVersion} from '../../src/rules/required-version.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_required_version_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.required-version'

const t = ruleTests(requiredVersion, {
  valid: ['declared'],
  invalid: ['missing'],
  memory: [
    {
      name: 'tflint: set',
      files: {'module.tf': 'terraform {\n  required_version = "~> 0.12"\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: set in the second terraform block',
      files: {
        'module.tf':
          'terraform {\n  cloud {\n    workspaces {\n      name = "foo"\n    }\n  }\n}\nterraform {\n  required_version = "~> 0.12"\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: no terraform block, one file: its start',
      files: {'module.tf': 'locals {\n  foo = "bar"\n}\n'},
      expected: [{code, range: 'module.tf:1,1-1'}],
    },
    {
      name: 'tflint: several files: terraform.tf before main.tf',
      files: {'main.tf': 'locals {\n  a = 1\n}\n', 'terraform.tf': '# versions\n'},
      expected: [{code, range: 'terraform.tf:1,1-1'}],
    },
    {
      name: 'tflint: several files: main.tf',
      files: {'main.tf': 'locals {\n  a = 1\n}\n', 'outputs.tf': '', 'variables.tf': ''},
      expected: [{code, range: 'main.tf:1,1-1'}],
    },
    {
      name: 'a terraform block with a backend: where the block is',
      files: {'main.tf': 'locals {\n  a = 1\n}\n\nterraform {\n  backend "s3" {}\n}\n'},
      expected: [{code, range: 'main.tf:6,3-15'}],
    },
    {
      name: 'a child module without one, once for two calls',
      files: {
        'main.tf': 'terraform {\n  required_version = ">= 1.5"\n}\nmodule "a" {\n  source = "./m"\n}\nmodule "b" {\n  source = "./m"\n}\n',
        'm/main.tf': 'output "x" {\n  value = 1\n}\n',
      },
      expected: [{code, range: 'm/main.tf:1,1-1'}],
    },
  ],
})

t.run()
