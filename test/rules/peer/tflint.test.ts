// The peer suite (issue 33): every table case of tflint's Terraform ruleset, run through tfgraph.
//
// tflint-cases.json holds the cases of rules/*_test.go of terraform-linters/tflint-ruleset-terraform at commit
// 7ef2c7506cf6415114898ac20f10142f8791f8ca — each case's files, its .tflint.hcl and the issues tflint expects
// (file and range) — extracted from the Go tables (the naming-convention tests, which build their tables in
// helper functions, expanded as they run). Facts only: no code or prose of theirs is kept.
//
// Each case runs through the library's lint({files}) with the tfgraph rules that check what the tflint rule
// checks (src/rules/tflint-names.ts; for terraform_required_providers also Terraform's own warning about a
// version in a provider block) and its .tflint.hcl read as `tfgraph lint` reads one. A case agrees (the same
// number of findings at the same lines, or none), or it is listed in DIFFERENCES below with what tfgraph
// reports instead and why, and docs/lint.md ("Where tfgraph differs from tflint") names it.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {lint} from '../../../src/api.js'
import type {LintConfig} from '../../../src/lint/config.js'
import {readTflintConfig} from '../../../src/lint/tflint-config.js'
import type {LintDiagnostic} from '../../../src/rules/rule.js'
import {TFLINT_RULES} from '../../../src/rules/tflint-names.js'
import {repoRoot} from '../../helpers/paths.js'

interface PeerCase {
  readonly name: string
  readonly files: Readonly<Record<string, string>>
  readonly tflint?: string
  readonly expected: readonly {readonly file: string; readonly start: readonly [number, number]; readonly end: readonly [number, number]}[]
}

interface PeerData {
  readonly source: {readonly repository: string; readonly commit: string}
  readonly tests: Readonly<Record<string, {readonly rule: string; readonly cases: readonly PeerCase[]}>>
}

const data = JSON.parse(readFileSync(path.join(repoRoot, 'test/rules/peer/tflint-cases.json'), 'utf8')) as PeerData

/** Terraform's own diagnostics that a tflint rule reports as its own (rule `terraform`, by code). */
const TERRAFORM_CODES: Readonly<Record<string, readonly string[]>> = {
  terraform_required_providers: ['provider.version-in-config'],
}

type Why =
  /** tfgraph reports Terraform's own error there (rule terraform), which says what is wrong. */
  | 'terraform-error'
  /** The same finding at another line: the one the user edits. */
  | 'line'
  /** A finding tfgraph does not make because it is not true, or not known, in the configuration. */
  | 'false-positive-avoided'
  /** A deliberate difference of policy. */
  | 'policy'

interface Difference {
  /** tfgraph's findings (file:line), sorted. */
  readonly tfgraph: readonly string[]
  readonly why: Why
  /** Terraform's own diagnostic tfgraph reports instead (`file:line summary`), for `terraform-error`. */
  readonly terraform?: string
}

/** Every case where tfgraph does not find what tflint finds, keyed `<test file> :: <case name>`. */
const DIFFERENCES: Readonly<Record<string, Difference>> = {
  'rules/terraform_module_pinned_source_test.go :: module source with known variable': {
    tfgraph: [],
    why: 'terraform-error',
    terraform: 'module.tf:7 Unknown module source',
  },
  'rules/terraform_module_shallow_clone_test.go :: module source with known variable': {
    tfgraph: [],
    why: 'terraform-error',
    terraform: 'module.tf:7 Unknown module source',
  },
  'rules/terraform_module_version_test.go :: with null version variable': {
    tfgraph: [],
    why: 'terraform-error',
    terraform: 'module.tf:11 Unknown module version',
  },
  'rules/terraform_required_providers_test.go :: provider-defined function': {
    tfgraph: [],
    why: 'terraform-error',
    terraform: 'module.tf:3 Unknown provider function',
  },
  'rules/terraform_required_providers_test.go :: multiple required providers': {
    tfgraph: ['module.tf:13', 'module.tf:14', 'module.tf:4'],
    why: 'terraform-error',
    terraform: 'module.tf:7 Duplicate required providers configuration',
  },
  'rules/terraform_required_providers_test.go :: version set': {tfgraph: ['module.tf:12'], why: 'line'},
  'rules/terraform_required_providers_test.go :: version set with alias': {tfgraph: ['module.tf:13'], why: 'line'},
  'rules/terraform_required_providers_test.go :: resource provider ref': {tfgraph: ['module.tf:11', 'module.tf:4'], why: 'line'},
  'rules/terraform_required_providers_test.go :: resource provider ref as string': {
    tfgraph: ['module.tf:11', 'module.tf:4'],
    why: 'line',
  },
  'rules/terraform_required_version_test.go :: unset': {tfgraph: ['module.tf:1'], why: 'line'},
  'rules/terraform_required_version_test.go :: multiple files: has neither terraform.tf or main.tf': {
    tfgraph: ['outputs.tf:1'],
    why: 'line',
  },
  'rules/terraform_workspace_remote_test.go :: terraform.workspace in JSON syntax': {tfgraph: ['config.tf.json:13'], why: 'line'},
  'rules/terraform_unused_declarations_test.go :: variable used in validation block': {tfgraph: [], why: 'policy'},
  'rules/terraform_unused_required_providers_test.go :: unused - module': {tfgraph: [], why: 'false-positive-avoided'},
}

/**
 * tflint runs in the module's directory: when every file of a case lies in one directory (`foo/main.tf`), that
 * directory is the root, and the expected issues are named from it.
 */
function rootOf(c: PeerCase): string {
  const dirs = new Set(Object.keys(c.files).map((n) => (n.includes('/') ? n.slice(0, n.lastIndexOf('/') + 1) : '')))
  return dirs.size === 1 ? [...dirs][0]! : ''
}

async function tfgraphFindings(tflintRule: string, c: PeerCase): Promise<{keys: string[]; all: readonly LintDiagnostic[]}> {
  const prefix = rootOf(c)
  const files = Object.fromEntries(Object.entries(c.files).map(([n, t]) => [n.slice(prefix.length), t]))
  const rules = TFLINT_RULES[tflintRule]?.rules ?? []
  const codes = TERRAFORM_CODES[tflintRule] ?? []
  const config: LintConfig | undefined = c.tflint ? readTflintConfig(c.tflint, '.tflint.hcl').config : undefined
  // tflint's test harness runs the rule whatever its default; a rule the .tflint.hcl turns off stays off
  const only = [...rules.filter((id) => config?.rules.get(id) !== 'off'), ...(codes.length > 0 ? ['terraform'] : [])]
  const r = await lint({files}, {env: {}, only, ...(config ? {config} : {})})
  const keys = r.diagnostics
    .filter((d) => (d.rule === 'terraform' ? codes.includes(d.code) : rules.includes(d.rule)))
    .map((d) => `${d.range?.filename ?? '?'}:${d.range?.start.line ?? 0}`)
    .sort()
  return {keys, all: r.diagnostics}
}

function tflintFindings(c: PeerCase): string[] {
  const prefix = rootOf(c)
  return c.expected.map((e) => `${e.file.slice(prefix.length)}:${e.start[0]}`).sort()
}

const P = suite('peer suite: tflint-ruleset-terraform')

P('the cases come from the upstream commit named above, every test file of its rules', () => {
  assert.is(data.source.repository, 'terraform-linters/tflint-ruleset-terraform')
  assert.is(data.source.commit, '7ef2c7506cf6415114898ac20f10142f8791f8ca')
  assert.equal(Object.keys(data.tests).length, Object.keys(TFLINT_RULES).length)
  for (const t of Object.values(data.tests)) assert.ok(Object.hasOwn(TFLINT_RULES, t.rule), t.rule)
})

P('every listed difference is a case of the suite, and docs/lint.md names it', () => {
  const doc = readFileSync(path.join(repoRoot, 'docs/lint.md'), 'utf8')
  const section = doc.slice(doc.indexOf('## Where tfgraph differs from tflint'))
  assert.ok(section.length > 40, 'docs/lint.md has the section')
  for (const key of Object.keys(DIFFERENCES)) {
    const [file, name] = key.split(' :: ') as [string, string]
    assert.ok(
      data.tests[file]?.cases.some((c) => c.name === name),
      `${key}: a case of the suite`,
    )
    assert.ok(section.includes(`${path.basename(file, '_test.go')}: ${name}`), `docs/lint.md lists "${key}"`)
  }
})

for (const [file, t] of Object.entries(data.tests)) {
  P(`${path.basename(file)}: ${t.cases.length} cases agree or are listed`, async () => {
    for (const c of t.cases) {
      const key = `${file} :: ${c.name}`
      const {keys, all} = await tfgraphFindings(t.rule, c)
      const listed = DIFFERENCES[key]
      if (!listed) {
        assert.equal(keys, tflintFindings(c), `${key}: the same findings at the same lines`)
        continue
      }
      assert.not.equal(keys, tflintFindings(c), `${key} agrees now: remove it from DIFFERENCES and docs/lint.md`)
      assert.equal(keys, listed.tfgraph, `${key}: what tfgraph reports instead`)
      if (listed.terraform) {
        const terraform = (await lint({files: c.files}, {env: {}, only: ['terraform']})).diagnostics
        assert.ok(
          terraform.some((d) => `${d.range?.filename}:${d.range?.start.line} ${d.summary}` === listed.terraform),
          `${key}: Terraform's own error ${listed.terraform} (got ${terraform.map((d) => d.summary).join('; ')}; ${all.length} findings)`,
        )
      }
    }
  })
}

P.run()
