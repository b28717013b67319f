import {deprecatedLookup} from '../../src/rules/deprecated-lookup.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_deprecated_lookup_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.deprecated-lookup'

const t = ruleTests(deprecatedLookup, {
  valid: ['with-default'],
  invalid: ['two-arguments'],
  memory: [
    {
      name: 'tflint: two arguments',
      files: {'main.tf': 'locals {\n  map   = { a = 0 }\n  value = lookup(local.map, "a")\n}\n'},
      expected: [{code, range: 'main.tf:3,11-33'}],
    },
    {
      name: 'tflint: nested, both',
      files: {'main.tf': 'locals {\n  map   = { a = { b = 0 } }\n  value = lookup(lookup(local.map, "a"), "b")\n}\n'},
      expected: [
        {code, range: 'main.tf:3,11-46'},
        {code, range: 'main.tf:3,18-40'},
      ],
    },
    {
      name: 'three arguments: a default',
      files: {'main.tf': 'locals {\n  value = lookup(var.m, "a", 0)\n}\n'},
      expected: [],
    },
    {
      name: 'an expanded argument list is not two arguments',
      files: {'main.tf': 'locals {\n  value = lookup(var.args...)\n}\n'},
      expected: [],
    },
  ],
})

t.run()
