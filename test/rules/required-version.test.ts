import * as path from 'node:path'
import * as assert from 'uvu/assert'
import {lint} from '../../src/api.js'
import {requiredVersion} from '../../src/rules/required-version.js'
import {fixturesDir} from '../helpers/paths.js'
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
      // issue 52: JSON's DeclRange of `backend "local"` is the brace of the `local` object; the key is the header
      name: 'a JSON terraform object with a backend (CDK for Terraform): at the "backend" key and its label',
      files: {
        'cdk.tf.json':
          '{\n  "resource": {"terraform_data": {"a": {}}},\n  "terraform": {\n    "backend": {\n      "local": {\n        "path": "x.tfstate"\n      }\n    },\n    "required_providers": {}\n  }\n}\n',
      },
      expected: [{code, range: 'cdk.tf.json:4,5-5,14'}],
    },
    {
      name: 'a JSON terraform object with required_providers first: at its key',
      files: {'main.tf.json': '{"terraform": {"required_providers": {"aws": {"source": "hashicorp/aws"}}}}\n'},
      expected: [{code, range: 'main.tf.json:1,16-36'}],
    },
    {
      // issue 52: a place code scanning can show; the file to create is named in the explanation (see below)
      name: 'several files, neither terraform.tf nor main.tf: the start of the first that exists',
      files: {'variables.tf': 'variable "a" {\n  default = 1\n}\n', 'outputs.tf': 'output "a" {\n  value = var.a\n}\n'},
      expected: [{code, range: 'outputs.tf:1,1-1'}],
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

t('issue 52: the place is a file that exists; the file to create is in the explanation', async () => {
  const files = {'variables.tf': 'variable "a" {\n  default = 1\n}\n', 'outputs.tf': 'output "a" {\n  value = var.a\n}\n'}
  const [d] = (await lint({files}, {env: {}, only: ['required-version']})).diagnostics
  assert.is(d?.range?.filename, 'outputs.tf')
  assert.ok(
    d?.detail?.endsWith(
      "to a terraform block (in a new file terraform.tf, as the style guide names it: none of the module's files has a terraform block).",
    ),
  )
  // a module with terraform.tf or main.tf: the explanation as before (no file to create)
  const [m] = (await lint({files: {...files, 'main.tf': 'locals {\n  b = 2\n}\n'}}, {env: {}, only: ['required-version']})).diagnostics
  assert.is(m?.range?.filename, 'main.tf')
  assert.ok(m?.detail?.endsWith('(the release line you run) to a terraform block.'))
})

t('issue 52: a root as CDK for Terraform writes it (fixtures/providers/cdktf-json-root): at the "backend" key', async () => {
  const dir = path.join(fixturesDir, 'providers/cdktf-json-root')
  const [d] = (await lint(dir, {env: {}, only: ['required-version']})).diagnostics
  assert.is(d?.summary, 'No required_version')
  assert.equal(
    [d?.range?.filename, d?.range?.start.line, d?.range?.start.column, d?.range?.end.line, d?.range?.end.column],
    ['cdk.tf.json', 32, 5, 33, 14],
  )
})

t.run()
