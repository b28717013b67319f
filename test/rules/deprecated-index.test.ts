import {deprecatedIndex} from '../../src/rules/deprecated-index.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_deprecated_index_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.deprecated-index'

const t = ruleTests(deprecatedIndex, {
  valid: ['brackets'],
  invalid: ['legacy'],
  memory: [
    {
      name: 'tflint: a legacy index',
      files: {'main.tf': 'locals {\n  list  = ["a"]\n  value = list.0\n}\n'},
      expected: [{code, range: 'main.tf:3,15-17'}],
    },
    {
      name: 'tflint: a legacy splat',
      files: {'main.tf': 'locals {\n  maplist = [{ a = "b" }]\n  values  = maplist.*.a\n}\n'},
      expected: [{code, range: 'main.tf:3,20-22'}],
    },
    {
      name: 'tflint: an attribute and a fraction are not indexes',
      files: {'main.tf': 'locals {\n  map   = { a = "b" }\n  value = map.a\n  n     = 1.5\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: a legacy splat in a template directive',
      files: {'main.tf': 'locals {\n  servers = <<EOF\n%{for ip in aws_instance.example.*.private_ip}\nserver ${ip}\n%{endfor}\nEOF\n}\n'},
      expected: [{code, range: 'main.tf:3,33-35'}],
    },
    {
      name: 'tflint: a legacy splat then a legacy index',
      files: {'main.tf': 'locals {\n  nested_list = [["a"]]\n  value       = nested_list.*.0\n}\n'},
      expected: [
        {code, range: 'main.tf:3,28-30'},
        {code, range: 'main.tf:3,30-32'},
      ],
    },
    {
      name: 'tflint: inside a conditional and a call',
      files: {'main.tf': 'locals {\n  ns = local.create ? join("", kubernetes_namespace.default.*.id) : var.ns\n}\n'},
      expected: [{code, range: 'main.tf:2,60-62'}],
    },
    {
      name: 'tflint: in a JSON string template',
      files: {'main.tf.json': '{\n  "locals": {\n    "list": ["a"],\n    "value": "${list.0}"\n  }\n}\n'},
      expected: [{code, range: 'main.tf.json:4,21-23'}],
    },
    {
      name: 'tflint: JSON strings that compare',
      files: {'main.tf.json': '{\n  "locals": {\n    "string": "foo",\n    "bool": "${local.string == \\"foo\\"}"\n  }\n}\n'},
      expected: [],
    },
  ],
})

t.run()
