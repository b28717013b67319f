import {workspaceRemote} from '../../src/rules/workspace-remote.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_workspace_remote_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.workspace-remote'

const t = ruleTests(workspaceRemote, {
  valid: ['newer-terraform'],
  invalid: ['terraform-1-0'],
  memory: [
    {
      name: 'tflint: in a resource, remote backend, 1.0 admitted',
      files: {
        'config.tf':
          'terraform {\n  required_version = ">= 1.0"\n  backend "remote" {}\n}\nresource "null_resource" "a" {\n  triggers = {\n    w = terraform.workspace\n  }\n}\n',
      },
      expected: [{code, range: 'config.tf:7,9-28'}],
    },
    {
      name: 'tflint: no backend',
      files: {
        'config.tf':
          'terraform {\n  required_version = ">= 1.0"\n}\nresource "null_resource" "a" {\n  triggers = {\n    w = terraform.workspace\n  }\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: another backend',
      files: {'config.tf': 'terraform {\n  required_version = ">= 1.0"\n  backend "local" {}\n}\nlocals {\n  w = terraform.workspace\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: required_version without 1.0.x',
      files: {
        'config.tf': 'terraform {\n  required_version = ">= 1.1"\n  backend "remote" {}\n}\nlocals {\n  w = terraform.workspace\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: no required_version',
      files: {'config.tf': 'terraform {\n  backend "remote" {}\n}\nlocals {\n  w = terraform.workspace\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: two required_version arguments that together rule out 1.0',
      files: {
        'config.tf':
          'terraform {\n  required_version = "< 1.9"\n  backend "remote" {}\n}\nterraform {\n  required_version = ">= 1.1"\n}\nlocals {\n  w = terraform.workspace\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: a string that only says terraform.workspace',
      files: {
        'config.tf':
          'terraform {\n  required_version = ">= 1.0"\n  backend "remote" {}\n}\nlocals {\n  a = "terraform.workspace"\n  b = path.module\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: in JSON syntax, at the reference',
      files: {
        'config.tf.json':
          '{\n  "terraform": {\n    "required_version": ">= 1.0",\n    "backend": {"remote": {}}\n  },\n  "locals": {\n    "w": "${terraform.workspace}"\n  }\n}\n',
      },
      expected: [{code, range: 'config.tf.json:7,13-32'}],
    },
  ],
})

t.run()
