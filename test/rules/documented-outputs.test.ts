import {documentedOutputs} from '../../src/rules/documented-outputs.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_documented_outputs_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.documented-outputs'

const t = ruleTests(documentedOutputs, {
  valid: ['described'],
  invalid: ['undescribed'],
  memory: [
    {
      name: 'tflint: no description',
      files: {'outputs.tf': 'output "endpoint" {\n  value = aws_alb.main.dns_name\n}\n'},
      expected: [{code, range: 'outputs.tf:1,1-18'}],
    },
    {
      name: 'tflint: an empty description',
      files: {'outputs.tf': 'output "endpoint" {\n  value       = aws_alb.main.dns_name\n  description = ""\n}\n'},
      expected: [{code, range: 'outputs.tf:1,1-18'}],
    },
    {
      name: 'tflint: a description',
      files: {'outputs.tf': 'output "endpoint" {\n  value       = aws_alb.main.dns_name\n  description = "DNS Endpoint"\n}\n'},
      expected: [],
    },
  ],
})

t.run()
