// Provider resolution on fixtures/providers: golden text and JSON outputs, and a differential check of
// every resource's provider configuration against bindings recorded from real Terraform
// (terraform-oracle.bindings.json, Terraform version inside).
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders, providersDocument, renderDiagnosticsText, renderProvidersText, requirementsTree} from '../helpers/internal.js'
import {assertGolden} from '../helpers/golden.js'
import {fixturesDir} from '../helpers/paths.js'

const base = path.join(fixturesDir, 'providers')
/** Fixtures the recorded Terraform (1.11) cannot answer, with the reason (FIDELITY.md lists them too). */
const ORACLE_NOT_APPLICABLE: Record<string, string> = {
  'registry-modules': 'module source/version from variables and locals need Terraform >= 1.15 (the oracle runs 1.11)',
  'source-variables': 'const variables and references in module sources are Terraform >= 1.15 (the oracle runs 1.11, which rejects both)',
  'source-path':
    'path.* in module sources is Terraform >= 1.15 (1.11 rejects any reference there): node_module_install.go evalSource, evaluate_data.go GetPathAttr (README.md)',
  'source-errors':
    'errors of Terraform >= 1.15 module installation (1.11 rejects any reference in a source): node_module_install.go evalSource and evalVersionConstraint (README.md)',
  'const-sensitive':
    'the const argument is Terraform >= 1.15 (1.11: Unsupported argument): named_values.go decodeVariableBlock (README.md)',
  'graph-stage-elsewhere':
    'Terraform stops at its first failing stage (a configuration error in module.a); tfgraph also reports the graph-stage error of module.b, which passed configuration validation (test/providers/tree/graph-stage.test.ts)',
  'import-in-child-1-16':
    'import blocks in child modules are allowed from Terraform 1.16, whose behaviour tfgraph follows when the root has no required_version (the oracle runs 1.11.4, which rejects them: its answers are recorded beside it; fixture import-in-child rules 1.16 out and agrees with them)',
  'shared-module':
    'tfgraph goes beyond Terraform here: a directory that declares configuration_aliases is analysed as a shared module (Terraform fails on it: missing provider …dest)',
  'import-identity':
    "an import block's id and identity as Terraform 1.12 and later check them (internal/configs/import.go: Invalid import block), which tfgraph follows when the root has no required_version; the oracle runs 1.11.4, whose schema requires id and knows no identity (its answers are recorded beside it; import-errors rules 1.12 out and agrees with them)",
  'namespace-underscore-1-16':
    'Terraform 1.16 accepts underscores in provider namespaces (terraform #38894); the oracle runs 1.11.4, which rejects them (its answers are recorded beside it; namespace-underscore rules 1.16 out and agrees with them)',
}

/** Diagnostics `terraform plan` gives and `terraform validate` does not: compared with terraform-oracle.plan.json (test/providers/compare/plan-stage.test.ts). */
const PLAN_STAGE_CODES: ReadonlySet<string> = new Set(['config.removed-still-exists', 'config.moved-conflict'])

/**
 * Diagnostics tfgraph reports that the recorded `terraform validate` (1.11) does not, per fixture, with
 * the reason: the comparison leaves them out and checks that tfgraph does report them.
 */
const BEYOND_ORACLE_VALIDATE: Record<string, {summary: string; reason: string}[]> = {
  'backend-unsupported': [
    {
      summary: 'Unsupported backend type',
      reason:
        'terraform init reports it in every version (1.11.4: same text, checked by hand); terraform validate only since 1.15 (internal/command/validate.go)',
    },
  ],
}

/** Terraform 1.11 details that Terraform ≥ 1.13 (what tfgraph follows) reworded: [1.11 text, newer text]. */
const NEWER_DETAIL: readonly [string, string][] = [
  [
    'so Terraform expects provider configurations only in the root module',
    'so Terraform expects backend configurations only in the root module',
  ],
]
const newerDetail = (d: OracleDiag): OracleDiag => ({...d, detail: NEWER_DETAIL.reduce((t, [old, now]) => t.replace(old, now), d.detail)})

interface OracleDiag {
  severity: string
  summary: string
  detail: string
  range?: {filename: string; start: {line: number; column: number}}
}
interface OracleBindings {
  terraform_version: string
  resources: Record<string, string>
  errors: {severity: string; summary: string; detail?: string; filename?: string; line?: number}[]
}

/** Terraform's diagnostics carry no range for graph-stage errors; tfgraph's range for them is an extra field. */
const key = (d: OracleDiag) =>
  `${d.severity} ${d.summary} @${d.range?.filename}:${d.range?.start.line},${d.range?.start.column}\n${d.detail}`

for (const name of readdirSync(base).sort()) {
  const dir = path.join(base, name)
  test(`providers ${name}: golden text, requirements and JSON`, async () => {
    const a = await analyzeProviders(dir, {env: {}})
    const doc = providersDocument(a, `fixtures/providers/${name}`)
    assertGolden(path.join(dir, 'expected.json'), JSON.stringify(doc, null, 2) + '\n')
    assertGolden(path.join(dir, 'expected.txt'), renderProvidersText(a) + requirementsTree(a.tree) + renderDiagnosticsText(a.diagnostics))
  })
  const oracleFile = path.join(dir, 'terraform-oracle.bindings.json')
  if (existsSync(oracleFile) && !name.startsWith('tofu-') && !(name in ORACLE_NOT_APPLICABLE)) {
    test(`providers ${name}: every binding (or the error that stopped the graph) agrees with recorded Terraform`, async () => {
      const oracle = JSON.parse(readFileSync(oracleFile, 'utf8')) as OracleBindings
      const a = await analyzeProviders(dir, {engine: 'terraform', env: {}})
      const ours = Object.fromEntries(a.resolution.resources.map((r) => [r.address.key, r.providerConfig?.key ?? null]))
      if (Object.keys(oracle.resources).length === 0) {
        // Terraform stopped before the graph was built (a configuration error) or while building it (a
        // graph-stage error): tfgraph gives the same errors, with Terraform's summary and detail
        assert.ok(oracle.errors.length > 0, 'the oracle answered with bindings or errors')
        const flat = (x: string | undefined) => (x ?? '').replace(/\s+/g, ' ')
        const theirs = oracle.errors
          .map((e) => `${e.severity} ${e.summary}${e.filename ? ` @${e.filename}:${e.line}` : ''}\n${flat(e.detail)}`)
          .sort()
        const mine = a.diagnostics
          .filter((d) => d.severity === 'error')
          .map((d) => `${d.severity} ${d.summary}${d.range ? ` @${d.range.filename}:${d.range.start.line}` : ''}\n${flat(d.detail)}`)
          .sort()
        assert.equal(mine, theirs, `Terraform ${oracle.terraform_version}`)
        return
      }
      assert.equal(ours, oracle.resources, `Terraform ${oracle.terraform_version}`)
    })
  }
}

for (const name of readdirSync(base).sort()) {
  const file = path.join(base, name, 'terraform-oracle.validate.json')
  if (!existsSync(file) || name.startsWith('tofu-') || name in ORACLE_NOT_APPLICABLE) continue
  test(`providers ${name}: diagnostics agree with recorded Terraform validate`, async () => {
    const oracle = JSON.parse(readFileSync(file, 'utf8')) as {
      terraform_version: string
      diagnostics: OracleDiag[]
      provider_noise: unknown[]
    }
    const a = await analyzeProviders(path.join(base, name), {engine: 'terraform', env: {}})
    // the oracle's providers are placeholders, so its validate stops at "Failed to load plugin schemas"
    // (provider_noise) before the graph walk; the graph-stage errors are compared with the graph run above
    const stopped = oracle.provider_noise.length > 0
    // (the analysis's diagnostics are copies naming files from the root: told apart by code and summary)
    const graphStage = new Set(a.resolution.graphDiagnostics.map((g) => `${g.diagnostic.code}\0${g.diagnostic.summary}`))
    const beyond = new Set((BEYOND_ORACLE_VALIDATE[name] ?? []).map((b) => b.summary))
    for (const summary of beyond)
      assert.ok(
        a.diagnostics.some((d) => d.summary === summary),
        `tfgraph reports ${summary}`,
      )
    // what Terraform says once the errors in the root module's own files are fixed: marked, and left out
    const mine = a.diagnostics.filter(
      (d) =>
        !(stopped && graphStage.has(`${d.code}\0${d.summary}`)) &&
        !beyond.has(d.summary) &&
        !PLAN_STAGE_CODES.has(d.code) &&
        d.extra?.after_root_errors !== true,
    )
    assert.equal(mine.map(key).sort(), oracle.diagnostics.map(newerDetail).map(key).sort(), `Terraform ${oracle.terraform_version}`)
  })
}

test('TF_DATA_DIR moves the installed-modules manifest', async () => {
  const dir = path.join(base, 'registry-modules')
  const withDefault = await analyzeProviders(dir, {env: {}})
  assert.ok(withDefault.tree.nodes.find((n) => n.addr.key === 'module.vpc')?.resolved)
  const elsewhere = await analyzeProviders(dir, {env: {TF_DATA_DIR: 'no-such-dir'}})
  const vpc = elsewhere.tree.nodes.find((n) => n.addr.key === 'module.vpc')
  assert.is(vpc?.resolved, false)
  assert.ok(elsewhere.diagnostics.some((d) => d.summary === 'Module not installed'))
})

test('registry module: static source/version, manifest lookup, unresolved call kept', async () => {
  const a = await analyzeProviders(path.join(base, 'registry-modules'), {env: {}})
  const byAddr = new Map(a.tree.nodes.map((n) => [n.addr.key, n]))
  assert.is(byAddr.get('module.vpc')?.sourceText, 'terraform-aws-modules/vpc/aws')
  assert.is(byAddr.get('module.vpc')?.version, '~> 5.0')
  assert.is(byAddr.get('module.vpc.module.flow_logs')?.displayDir, '.terraform/modules/vpc/modules/flow-logs')
  assert.is(byAddr.get('module.dns')?.resolved, false)
  assert.match(renderProvidersText(a), /1\/2 module calls resolved|2\/3 module calls resolved/)
})

test('OpenTofu: registry.opentofu.org and provider for_each instance keys', async () => {
  const a = await analyzeProviders(path.join(base, 'tofu-for-each'), {env: {}})
  assert.is(a.tree.engine, 'opentofu')
  const r = a.resolution.resources.find((x) => x.address.key === 'aws_vpc.per_region')
  assert.is(r?.providerConfig?.key, 'provider["registry.opentofu.org/hashicorp/aws"].by_region')
  assert.is(r?.instanceKey, 'each.key')
})

test.run()
