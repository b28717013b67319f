import {namingConvention} from '../../src/rules/naming-convention.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_naming_convention_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.naming-convention'

const t = ruleTests(namingConvention, {
  valid: ['snake-case'],
  invalid: ['mixed'],
  memory: [
    {
      name: 'tflint: snake_case by default',
      files: {
        'tests.tf':
          'data "aws_eip" "dash-name" {\n}\nresource "aws_eip" "camelCased" {\n}\nmodule "foo__bar" {\n  source = "./module"\n}\noutput "foo_bar_" {\n  value = 1\n}\nvariable "Foo_Bar" {}\ncheck "ok_name" {\n  assert {\n    condition     = true\n    error_message = "x"\n  }\n}\nlocals {\n  dash-name = 1\n}\n',
      },
      config: {rules: new Map([['naming-convention', 'on']])},
      expected: [
        {code, range: 'tests.tf:1,1-27'},
        {code, range: 'tests.tf:3,1-32'},
        {code, range: 'tests.tf:5,1-18'},
        {code, range: 'tests.tf:8,1-18'},
        {code, range: 'tests.tf:11,1-19'},
        {code, range: 'tests.tf:19,3-16'},
      ],
    },
    {
      name: 'tflint: mixed_snake_case for every name',
      files: {'tests.tf': 'resource "aws_eip" "Foo_Bar" {\n}\nresource "aws_eip" "Foo__Bar" {\n}\n'},
      config: {rules: new Map(), options: new Map([['naming-convention', {format: 'mixed_snake_case'}]])},
      expected: [{code, range: 'tests.tf:3,1-30'}],
    },
    {
      name: 'tflint: a custom expression wins over the format',
      files: {'tests.tf': 'variable "foo1" {}\nvariable "foo" {}\n'},
      config: {
        rules: new Map(),
        options: new Map([['naming-convention', {format: 'mixed_snake_case', custom: '^[a-z][a-z]*(_[a-z]+)*$'}]]),
      },
      expected: [{code, range: 'tests.tf:1,1-16'}],
    },
    {
      name: 'tflint: format none checks nothing, except a kind with its own format',
      files: {'tests.tf': 'variable "Foo-Bar" {}\noutput "Foo-Bar" {\n  value = 1\n}\n'},
      config: {rules: new Map(), options: new Map([['naming-convention', {format: 'none', output: {format: 'snake_case'}}]])},
      expected: [{code, range: 'tests.tf:2,1-17'}],
    },
    {
      name: 'tflint: a kind with format none',
      files: {'tests.tf': 'data "aws_eip" "Foo-Bar" {}\n'},
      config: {rules: new Map(), options: new Map([['naming-convention', {data: {format: 'none'}}]])},
      expected: [],
    },
    {
      name: 'tflint: a custom format, named in findings by its description',
      files: {'tests.tf': 'resource "aws_eip" "Bad" {}\nresource "aws_eip" "good_one" {}\n'},
      config: {
        rules: new Map(),
        options: new Map([
          [
            'naming-convention',
            {
              format: 'custom_snake',
              custom_formats: {custom_snake: {regex: '^[a-z][a-z0-9]*(_[a-z0-9]+)*$', description: 'Custom Snake Case'}},
            },
          ],
        ]),
      },
      expected: [{code, range: 'tests.tf:1,1-25'}],
    },
    {
      name: 'Go named groups are read as JavaScript ones',
      files: {'tests.tf': 'variable "v_1" {}\n'},
      config: {rules: new Map(), options: new Map([['naming-convention', {custom: '^(?P<letter>[a-z])_[0-9]$'}]])},
      expected: [],
    },
  ],
})

t.run()
