import {unusedDeclaration} from '../../src/rules/unused-declaration.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_unused_declaration_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.unused-declaration'

const t = ruleTests(unusedDeclaration, {
  valid: ['all-used'],
  invalid: ['unused', 'iterators-and-newlines'],
  memory: [
    {
      name: 'tflint: an unused variable',
      files: {'config.tf': 'variable "not_used" {}\nvariable "used" {}\noutput "u" { value = var.used }\n'},
      expected: [{code, range: 'config.tf:1,1-20'}],
    },
    {
      name: 'tflint: an unused data source',
      files: {
        'config.tf':
          'data "null_data_source" "not_used" {}\ndata "null_data_source" "used" {}\noutput "u" { value = data.null_data_source.used }\n',
      },
      expected: [{code, range: 'config.tf:1,1-35'}],
    },
    {
      name: 'tflint: an unused local value',
      files: {'config.tf': 'locals {\n  not_used = ""\n  used     = ""\n}\noutput "u" { value = local.used }\n'},
      expected: [{code, range: 'config.tf:2,3-16'}],
    },
    {
      name: 'tflint: used by a module call, a provider block and meta-arguments',
      files: {
        'config.tf':
          'variable "a" {}\nvariable "b" {}\nlocals { c = "c" }\nmodule "m" {\n  source = "./module"\n  a      = var.a\n  c      = local.c\n}\nprovider "aws" {\n  region = var.b\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: attributes after the reference',
      files: {
        'config.tf':
          'variable "v" {\n  type = object({ foo = string })\n}\noutput "v" {\n  value = var.v.foo\n}\ndata "terraform_remote_state" "d" {}\noutput "d" {\n  value = data.terraform_remote_state.d.outputs.foo\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint (differs): a variable read only by its validation is used',
      files: {
        'config.tf':
          'variable "guard" {\n  validation {\n    condition     = var.guard != ""\n    error_message = "Must not be empty."\n  }\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: an unused data source in a check block',
      files: {
        'config.tf':
          'check "c" {\n  data "null_data_source" "unused" {}\n  assert {\n    condition     = true\n    error_message = "x"\n  }\n}\n',
      },
      expected: [{code, range: 'config.tf:2,3-35'}],
    },
    {
      name: 'tflint: a variable read in a JSON object key',
      files: {
        'config.tf.json':
          '{\n  "resource": {\n    "foo": {\n      "bar": {\n        "nested": [{\n          "${var.again}": []\n        }]\n      }\n    }\n  },\n  "variable": {\n    "again": {}\n  }\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: an unused variable in JSON syntax',
      files: {'config.tf.json': '{\n  "variable": {\n    "again": {}\n  }\n}\n'},
      expected: [{code, range: 'config.tf.json:3,14-15'}],
    },
    {
      name: 'tflint: an index into a local value',
      files: {
        'config.tf':
          'locals {\n  data = { for item in setproduct([true], ["foo", "bar"]) : item[1] => { foo = item[0] } }\n}\nresource "null_resource" "example" {\n  count = local.data["foo"].foo ? 1 : 0\n}\n',
      },
      expected: [],
    },
    {
      name: 'a variable of a child module the module does not read',
      files: {'main.tf': 'module "c" {\n  source = "./c"\n  x      = 1\n}\n', 'c/main.tf': 'variable "x" {\n  type = number\n}\n'},
      expected: [{code, range: 'c/main.tf:1,1-13'}],
    },
    {
      name: 'an output of a private module that no call reads',
      files: {'main.tf': 'module "c" {\n  source = "./c"\n}\n', 'c/main.tf': 'output "a" {\n  value = 1\n}\n'},
      expected: [{code, range: 'c/main.tf:1,1-11'}],
    },
    {
      name: 'an output of a private module read through the whole call',
      files: {
        'main.tf': 'module "c" {\n  source = "./c"\n}\noutput "all" {\n  value = module.c\n}\n',
        'c/main.tf': 'output "a" {\n  value = 1\n}\n',
      },
      expected: [],
    },
    {
      name: 'an output read by one of two calls',
      files: {
        'main.tf': 'module "a" {\n  source = "./c"\n}\nmodule "b" {\n  source = "./c"\n}\noutput "x" {\n  value = module.b.a\n}\n',
        'c/main.tf': 'output "a" {\n  value = 1\n}\n',
      },
      expected: [],
    },
    {
      name: "the root's own outputs are not reported",
      files: {'main.tf': 'output "a" {\n  value = 1\n}\n'},
      expected: [],
    },
    {
      name: 'a module outside the root directory (shared by other roots): its outputs are not reported',
      files: {'root/main.tf': 'module "c" {\n  source = "../shared"\n}\n', 'shared/main.tf': 'output "a" {\n  value = 1\n}\n'},
      expected: [],
    },
    {
      name: 'a data source read only by depends_on is used',
      files: {
        'main.tf': 'data "aws_caller_identity" "me" {}\nresource "terraform_data" "x" {\n  depends_on = [data.aws_caller_identity.me]\n}\n',
      },
      expected: [],
    },
  ],
})

t.run()
