import {deprecatedInterpolation} from '../../src/rules/deprecated-interpolation.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_deprecated_interpolation_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.deprecated-interpolation'

const t = ruleTests(deprecatedInterpolation, {
  valid: ['expressions'],
  invalid: ['quoted'],
  memory: [
    {
      name: 'tflint: a quoted interpolation as an argument',
      files: {'main.tf': 'resource "null_resource" "a" {\n  triggers = "${var.triggers}"\n}\n'},
      expected: [{code, range: 'main.tf:2,14-31'}],
    },
    {
      name: 'tflint: in a nested block',
      files: {
        'main.tf': 'resource "null_resource" "a" {\n  provisioner "local-exec" {\n    single = "${var.triggers["greeting"]}"\n  }\n}\n',
      },
      expected: [{code, range: 'main.tf:3,14-43'}],
    },
    {
      name: 'tflint: a template with more than the interpolation',
      files: {'main.tf': 'resource "null_resource" "a" {\n  triggers = "${var.triggers} "\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: in a list',
      files: {'main.tf': 'resource "null_resource" "a" {\n  triggers = ["${var.triggers}"]\n}\n'},
      expected: [{code, range: 'main.tf:2,15-32'}],
    },
    {
      name: 'tflint: nested, the outer and the inner one',
      files: {'main.tf': 'resource "null_resource" "a" {\n  triggers = "${"${var.triggers}"}"\n}\n'},
      expected: [
        {code, range: 'main.tf:2,14-36'},
        {code, range: 'main.tf:2,17-34'},
      ],
    },
    {
      name: 'tflint: as an object key',
      files: {'main.tf': 'resource "null_resource" "a" {\n  triggers = {\n    "${var.triggers}" = "foo"\n  }\n}\n'},
      expected: [{code, range: 'main.tf:3,5-22'}],
    },
    {
      name: 'JSON syntax: how expressions are written there',
      files: {'main.tf.json': '{"output": {"a": {"value": "${var.x}"}}}\n'},
      expected: [],
    },
    {
      name: 'in a module reached by two calls: once',
      files: {
        'main.tf': 'module "a" {\n  source = "./m"\n}\nmodule "b" {\n  source = "./m"\n}\n',
        'm/main.tf': 'output "x" {\n  value = "${path.module}"\n}\n',
      },
      expected: [{code, range: 'm/main.tf:2,11-27'}],
    },
    {
      name: 'not in a registry module installed under .terraform',
      files: {
        'main.tf': 'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n}\n',
        '.terraform/modules/modules.json':
          '{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"vpc","Source":"registry.terraform.io/terraform-aws-modules/vpc/aws","Version":"5.0.0","Dir":".terraform/modules/vpc"}]}',
        '.terraform/modules/vpc/main.tf': 'output "x" {\n  value = "${path.module}"\n}\n',
      },
      expected: [],
    },
  ],
})

t.run()
