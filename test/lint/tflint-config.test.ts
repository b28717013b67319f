// A project's tflint configuration and comments (#33): `.tflint.hcl` rule blocks for the rules tfgraph shares
// with tflint's Terraform ruleset, `.tfgraph.json` winning where both speak, one line about what was not
// understood, and `# tflint-ignore:` comments.
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {lint} from '../../src/api.js'
import {readLintConfig} from '../../src/lint/config.js'
import {fileIgnoredRules, ignoredRules} from '../../src/lint/ignore.js'
import {readTflintConfig} from '../../src/lint/tflint-config.js'
import {RULE_IDS} from '../../src/rules/ids.js'
import {TFLINT_RULES} from '../../src/rules/tflint-names.js'
import {repoRoot} from '../helpers/paths.js'

const T = suite('.tflint.hcl and tflint-ignore')

function settings(text: string): Record<string, string> {
  return Object.fromEntries(readTflintConfig(text, '.tflint.hcl').config.rules)
}

T('every tfgraph rule the mapping names exists', () => {
  for (const [name, t] of Object.entries(TFLINT_RULES)) {
    assert.match(name, /^terraform_[a-z_]+$/)
    for (const id of t.rules) assert.ok((RULE_IDS as readonly string[]).includes(id), `${name} → ${id}`)
  }
})

T('rule blocks turn the rules of a tflint rule on and off', () => {
  assert.equal(
    settings('rule "terraform_unused_declarations" {\n  enabled = false\n}\nrule "terraform_documented_outputs" {\n  enabled = true\n}\n'),
    {'unused-declaration': 'off', 'unused-provider-alias': 'off', 'documented-outputs': 'on'},
  )
})

T('options carry over, each to its tfgraph rule', () => {
  const r = readTflintConfig(
    [
      'rule "terraform_module_pinned_source" {\n  enabled = true\n  style = "semver"\n  default_branches = ["dev"]\n}',
      'rule "terraform_module_version" {\n  exact = true\n}',
      'rule "terraform_required_providers" {\n  source  = false\n  version = false\n}',
      'rule "terraform_naming_convention" {\n  format = "mixed_snake_case"\n  custom_formats = { k = { regex = "^[a-z-]+$", description = "kebab" } }\n  module {\n    format = "k"\n  }\n}',
    ].join('\n'),
    '.tflint.hcl',
  )
  assert.equal(r.notUnderstood, [])
  assert.equal(Object.fromEntries(r.config.options ?? []), {
    'module-source-unpinned': {style: 'semver', default_branches: ['dev']},
    'module-version-missing': {exact: true},
    'missing-required-provider': {require_source: false},
    'naming-convention': {
      format: 'mixed_snake_case',
      custom_formats: {k: {regex: '^[a-z-]+$', description: 'kebab'}},
      module: {format: 'k'},
    },
  })
  assert.is(r.config.rules.get('provider-version-missing'), 'off')
  assert.is(r.config.rules.get('module-source-unpinned'), 'on')
})

T('presets and disabled_by_default; a rule block decides over both', () => {
  const recommended = settings('plugin "terraform" {\n  enabled = true\n  preset  = "recommended"\n}\n')
  assert.is(recommended['unused-required-provider'], 'off')
  assert.is(recommended['naming-convention'], 'off')
  assert.is(recommended['unused-declaration'], 'on')
  assert.is(settings('plugin "terraform" {\n  preset = "all"\n}\n')['naming-convention'], 'on')
  const off = settings('config {\n  disabled_by_default = true\n}\nrule "terraform_typed_variables" {\n  enabled = true\n}\n')
  assert.is(off['typed-variables'], 'on')
  assert.is(off['unused-declaration'], 'off')
})

T('what is not understood is listed, in file order', () => {
  const r = readTflintConfig(
    'config {\n  call_module_type = "all"\n  disabled_by_default = false\n}\nplugin "aws" {\n  enabled = true\n}\nrule "aws_instance_invalid_type" {\n  enabled = true\n}\nrule "terraform_module_pinned_source" {\n  style = "exotic"\n  colour = "red"\n}\n',
    '.tflint.hcl',
  )
  assert.equal(r.notUnderstood, [
    'config.call_module_type',
    'plugin "aws"',
    'rule "aws_instance_invalid_type"',
    'rule "terraform_module_pinned_source".style (must be one of "flexible", "semver", "sha")',
    'rule "terraform_module_pinned_source".colour',
  ])
  assert.equal(readTflintConfig('rule "x" {', '.tflint.hcl').notUnderstood.length, 1)
})

T('.tfgraph.json wins where both speak; the note is one line in the output', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-tflint-'))
  try {
    writeFileSync(
      path.join(dir, '.tflint.hcl'),
      'plugin "aws" {\n  enabled = true\n}\nrule "terraform_typed_variables" {\n  enabled = false\n}\nrule "terraform_module_pinned_source" {\n  style = "semver"\n  default_branches = ["dev"]\n}\n',
    )
    writeFileSync(path.join(dir, '.tfgraph.json'), '{"rules": {"module-source-unpinned": {"style": "sha"}}}\n')
    writeFileSync(
      path.join(dir, 'main.tf'),
      'terraform {\n  required_version = ">= 1.5"\n}\n\nvariable "x" {}\n\noutput "x" {\n  value = var.x\n}\n',
    )
    const cfg = readLintConfig(dir)
    assert.equal(cfg.diagnostics, [])
    assert.is(cfg.config.rules.get('typed-variables'), 'off')
    assert.equal(cfg.config.options?.get('module-source-unpinned'), {style: 'sha', default_branches: ['dev']})
    assert.is(cfg.notes.length, 1)
    assert.match(cfg.notes[0] ?? '', 'not understood, ignored: plugin "aws"')
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'lint', dir], {
      encoding: 'utf8',
      env: {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1'},
    })
    assert.is(r.status, 0, r.stderr + r.stdout)
    assert.is(r.stdout.split('not understood, ignored: plugin "aws"').length - 1, 1, r.stdout)
    assert.not.match(r.stdout, 'typed-variables')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

T('tflint-ignore comments name tflint rules; tflint-ignore-file opens a file', async () => {
  assert.equal(ignoredRules('x = 1 # tflint-ignore: terraform_unused_declarations, aws_instance_invalid_type'), [
    'unused-declaration',
    'unused-provider-alias',
  ])
  assert.equal(ignoredRules('# tflint-ignore: all'), ['*'])
  assert.equal(fileIgnoredRules(['# header', '# tflint-ignore-file: terraform_typed_variables', 'variable "x" {}']), ['typed-variables'])
  assert.equal(fileIgnoredRules(['variable "x" {}', '# tflint-ignore-file: terraform_typed_variables']), [])
  const files = {
    'main.tf':
      'terraform {\n  required_version = ">= 1.5"\n}\n\n# tflint-ignore: terraform_typed_variables\nvariable "a" {}\n\nvariable "b" {} # tflint-ignore: terraform_typed_variables\n\nvariable "c" {}\n\noutput "o" {\n  value = [var.a, var.b, var.c]\n}\n',
    'other.tf': '# tflint-ignore-file: terraform_typed_variables\nvariable "d" {}\n\noutput "d" {\n  value = var.d\n}\n',
  }
  const r = await lint({files}, {env: {}})
  assert.equal(
    r.diagnostics.map((d) => `${d.range?.filename}:${d.range?.start.line} ${d.rule}`),
    ['main.tf:10 typed-variables'],
  )
  assert.is(r.suppressed, 3)
})

T.run()
