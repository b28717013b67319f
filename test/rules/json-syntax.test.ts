import {jsonSyntax} from '../../src/rules/json-syntax.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_json_syntax_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.json-syntax'

const t = ruleTests(jsonSyntax, {
  valid: ['object'],
  invalid: ['array'],
  memory: [
    {
      name: 'tflint: an object root',
      files: {'main.tf.json': '{"resource": {"aws_instance": {"example": {"ami": "ami-12345678"}}}}'},
      expected: [],
    },
    {
      name: 'tflint: an empty object',
      files: {'main.tf.json': '{}'},
      expected: [],
    },
    {
      name: 'tflint: an array root',
      files: {'main.tf.json': '[{"resource": {"aws_instance": {"example": {"ami": "ami-12345678"}}}}]'},
      expected: [{code, range: 'main.tf.json:1,1-2'}],
    },
    {
      name: 'tflint: native syntax files are not read',
      files: {'main.tf': 'resource "aws_instance" "example" {\n  ami = "ami-12345678"\n}\n'},
      expected: [],
    },
    {
      name: 'an array after blank lines',
      files: {'main.tf.json': '\n  [\n {"variable": {"a": {}}}]\n'},
      expected: [{code, range: 'main.tf.json:2,3-4'}],
    },
  ],
})

t.run()
