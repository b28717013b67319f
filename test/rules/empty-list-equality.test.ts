import {emptyListEquality} from '../../src/rules/empty-list-equality.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_empty_list_equality_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.empty-list-equality'

const t = ruleTests(emptyListEquality, {
  valid: ['length'],
  invalid: ['compared'],
  memory: [
    {
      name: 'tflint: [] == []',
      files: {'resource.tf': 'resource "aws_db_instance" "mysql" {\n  count = [] == [] ? 0 : 1\n}\n'},
      expected: [{code, range: 'resource.tf:2,11-19'}],
    },
    {
      name: 'tflint: two comparisons',
      files: {'resource.tf': 'resource "aws_db_instance" "mysql" {\n  count = [] == [] || [] == [] ? 1 : 0\n}\n'},
      expected: [
        {code, range: 'resource.tf:2,11-19'},
        {code, range: 'resource.tf:2,23-31'},
      ],
    },
    {
      name: 'tflint: in parentheses',
      files: {'resource.tf': 'resource "aws_db_instance" "mysql" {\n  count = ([] == []) ? 1 : 0\n}\n'},
      expected: [{code, range: 'resource.tf:2,12-20'}],
    },
    {
      name: 'tflint: != []',
      files: {'resource.tf': 'resource "aws_db_instance" "mysql" {\n  count = var.my_list != [] ? 1 : 0\n}\n'},
      expected: [{code, range: 'resource.tf:2,11-28'}],
    },
    {
      name: 'tflint: length() == 0',
      files: {'resource.tf': 'resource "aws_db_instance" "mysql" {\n  count = length(var.my_list) == 0 ? 1 : 0\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: the outer and the inner comparison',
      files: {'resource.tf': 'resource "aws_db_instance" "mysql" {\n  count = [] == ([] == [] ? [] : []) ? 1 : 0\n}\n'},
      expected: [
        {code, range: 'resource.tf:2,11-37'},
        {code, range: 'resource.tf:2,18-26'},
      ],
    },
  ],
})

t.run()
