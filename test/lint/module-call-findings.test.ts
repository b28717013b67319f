// One finding per problem of a module call whose source or version is an expression or an invalid
// address, and one `tfgraph-ignore` comment on the call silences it (#16).
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {lint} from '../../src/api.js'
import {formatRange} from '../../src/diag/diagnostic.js'

const t = suite('lint: one finding per module call problem')

/**
 * What is said about the calls: required-version, which these small roots would all get, the style of
 * `source = "${…}"` (deprecated-interpolation, a problem of its own) and the variable a case leaves unread
 * (unused-declaration) are left out.
 */
const NOT_ABOUT_CALLS = ['required-version', 'deprecated-interpolation', 'unused-declaration']

async function findings(files: Record<string, string>): Promise<string[]> {
  const r = await lint({files}, {env: {}, disable: NOT_ABOUT_CALLS})
  return r.diagnostics.map((d) => `${d.range ? formatRange(d.range) : '-'} ${d.rule} ${d.summary}`)
}

const VAR = 'variable "v" {\n  type = string\n}\n\n'

t('version = var.v: Terraform\'s error only (not also "not installed", not a missing version)', async () => {
  const out = await findings({'main.tf': VAR + 'module "x" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = var.v\n}\n'})
  assert.equal(out, ['main.tf:7,13-18 terraform Unknown module version'])
})

t('source = "${var.x}": Terraform\'s error only', async () => {
  const out = await findings({'main.tf': VAR + 'module "x" {\n  source = "${var.v}"\n}\n'})
  assert.equal(out, ['main.tf:6,12-22 terraform Unknown module source'])
})

t("an invalid registry address: Terraform's one error, at the source value (#33)", async () => {
  const out = await findings({'main.tf': 'module "x" {\n  source  = "not a/valid/registry/address/x"\n  version = "1.0.0"\n}\n'})
  assert.equal(out, ['main.tf:2,13-45 terraform Invalid registry module source address'])
})

t('a module cycle: one error, on the call', async () => {
  const out = await findings({'main.tf': 'module "self" {\n  source = "./"\n}\n'})
  assert.is(out.filter((l) => l.includes('cycle')).length, 1, out.join('\n'))
})

t("one ignore comment on the call silences Terraform's errors about its source and version", async () => {
  for (const [ids, body] of [
    ['terraform', 'source  = "terraform-aws-modules/vpc/aws"\n  version = var.v'],
    ['terraform', 'source = "${var.v}"'],
    ['terraform', 'source  = "not a/valid/registry/address/x"\n  version = "1.0.0"'],
  ] as const) {
    const r = await lint(
      {files: {'main.tf': `${VAR}# tfgraph-ignore: ${ids}\nmodule "x" {\n  ${body}\n}\n`}},
      {env: {}, disable: NOT_ABOUT_CALLS},
    )
    assert.equal(
      r.diagnostics.map((d) => `${d.rule} ${d.summary}`),
      [],
      body,
    )
    assert.is(r.suppressed, 1, body)
  }
})

t('an ignore comment inside a call does not reach other lines', async () => {
  const r = await lint(
    {files: {'main.tf': `${VAR}module "x" {\n  # tfgraph-ignore: terraform\n  source = "./a"\n  version = var.v\n}\n`, 'a/main.tf': ''}},
    {env: {}},
  )
  assert.ok(r.diagnostics.some((d) => d.rule === 'terraform'))
})

t.run()
