import * as assert from 'uvu/assert'
import {moduleSourceUnpinned, vcsRevision} from '../../src/rules/module-source-unpinned.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = moduleSourceUnpinned
const t = ruleTests(rule, {
  valid: ['pinned'],
  invalid: ['unpinned', 'default-branch', 'semver-style', 'sha-style'],
  memory: [
    {
      name: 'tflint: a git:// URL without ref (#33)',
      files: {'main.tf': 'module "m" {\n  source = "git://hashicorp.com/consul.git"\n}\n'},
      expected: [{code: 'lint.module-source-unpinned', range: 'main.tf:2,12-44'}],
    },
    {
      name: 'tflint: a git:// URL at a default branch (#33)',
      files: {'main.tf': 'module "m" {\n  source = "git://hashicorp.com/consul.git?ref=master"\n}\n'},
      expected: [{code: 'lint.module-source-unpinned', range: 'main.tf:2,12-55'}],
    },
    {
      name: 'tflint: a git:// URL at a tag (#33)',
      files: {'main.tf': 'module "m" {\n  source = "git://hashicorp.com/consul.git/subdirectory?ref=v1.2.3"\n}\n'},
      expected: [],
    },
    {
      name: 'GitHub shorthand without ref',
      files: {'main.tf': 'module "net" {\n  source = "github.com/example/network"\n}\n'},
      expected: [{code: 'lint.module-source-unpinned', range: 'main.tf:2,12-40'}],
    },
    {
      name: 'tag ref',
      files: {'main.tf': 'module "net" {\n  source = "github.com/example/network?ref=v1.2.3"\n}\n'},
      expected: [],
    },
    {
      name: 'default_branches option',
      files: {'main.tf': 'module "net" {\n  source = "github.com/example/network?ref=stable"\n}\n'},
      config: {rules: new Map(), options: new Map([['module-source-unpinned', {default_branches: ['stable']}]])},
      expected: [{code: 'lint.module-source-unpinned', range: 'main.tf:2,12-51'}],
    },
    {
      name: 'an ignore comment on the call covers its source',
      files: {'main.tf': '# tfgraph-ignore: module-source-unpinned\nmodule "net" {\n  source = "github.com/example/network"\n}\n'},
      expected: [],
    },
  ],
})

t('revision argument of a package address', () => {
  assert.equal(vcsRevision('git::https://example.com/x.git'), {vcs: 'git', key: 'ref', value: undefined})
  assert.equal(vcsRevision('git::https://example.com/x.git?depth=1&ref=v1.2.0'), {vcs: 'git', key: 'ref', value: 'v1.2.0'})
  assert.equal(vcsRevision('hg::http://example.com/x?rev=default'), {vcs: 'hg', key: 'rev', value: 'default'})
  assert.equal(vcsRevision('git::https://example.com/x.git?ref='), {vcs: 'git', key: 'ref', value: undefined})
  assert.is(vcsRevision('https://example.com/x.zip'), undefined)
})

t('the summary says what is wrong; the subject is the source value', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'default-branch'))
  assert.is(diags.find((d) => d.address === 'module.main')?.summary, 'Module source pinned to a default branch')
  assert.ok(diags.every((d) => d.range?.start.column === 12))
  const none = await runRule(rule, caseDir(rule, 'invalid', 'unpinned'))
  assert.is(none.find((d) => d.address === 'module.github')?.summary, 'Module source not pinned to a revision')
  assert.match(none.find((d) => d.address === 'module.ssh')?.detail ?? '', 'after the //subdirectory')
})

t.run()
