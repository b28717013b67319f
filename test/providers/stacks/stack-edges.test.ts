// Stacks edges of issue 52 (items 7, 10, 11). Terraform 1.11.4 has no stacks runtime: the expectations
// follow hashicorp/terraform's sources, named in each fixture's README and in FIDELITY.md.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, lint} from '../../../src/api.js'
import {formatRange} from '../../../src/diag/diagnostic.js'
import {fixturesDir} from '../../helpers/paths.js'

const stacks = path.join(fixturesDir, 'stacks')

test('item 11: a module not installed in a component: the advice is terraform stacks init', async () => {
  const r = await lint(path.join(stacks, 'module-not-installed'), {env: {}})
  const notInstalled = r.diagnostics.filter((d) => d.summary === 'Module not installed')
  assert.equal(
    notInstalled.map((d) => d.rule),
    ['terraform', 'unresolved-module'],
  )
  for (const d of notInstalled) {
    assert.match(d.detail, /Run "terraform stacks init" to install all modules required by this configuration\./)
    assert.not.match(d.detail, /terraform init|terraform get/)
  }
  // an ordinary root keeps terraform init
  const root = await analyze({files: {'main.tf': 'module "labels" {\n  source  = "cloudposse/label/null"\n  version = "0.25.0"\n}\n'}})
  assert.match(root.diagnostics.find((d) => d.summary === 'Module not installed')?.detail ?? '', /Run "terraform init"/)
})

test('item 10: a remote embedded stack is said, as a remote component is', async () => {
  const r = await lint(path.join(stacks, 'remote-embedded'), {env: {}})
  assert.equal(
    r.diagnostics.map((d) => [d.code, d.severity, d.rule, `${d.range?.filename}:${d.range?.start.line}`]),
    [
      ['stack.embedded-source-not-fetched', 'warning', 'terraform', 'components.tfcomponent.hcl:19'],
      ['stack.embedded-source-not-fetched', 'warning', 'terraform', 'components.tfcomponent.hcl:24'],
    ],
  )
  assert.match(
    r.diagnostics[0]!.detail,
    /^stack\.network comes from "app\.terraform\.io\/example-org\/network", a registry source\. tfgraph reads no network/,
  )
  assert.match(r.diagnostics[1]!.detail, /^stack\.dns comes from "git::https:\/\/example\.com\/dns-stack\.git", a remote source\./)
})

test("item 7: terraform.workspace in a component's modules is Invalid reference (no workspaces in a stack)", async () => {
  const r = await lint(path.join(stacks, 'workspace-reference'), {env: {}})
  const detail =
    'The terraform.workspace attribute is only available for modules used in Terraform workspaces. Use input variables instead to create variations between different instances of this module.'
  assert.equal(
    r.diagnostics.map((d) => [d.code, d.severity, d.summary, d.detail, d.rule, d.range ? formatRange(d.range) : '']),
    [
      ['stack.workspace-reference', 'error', 'Invalid reference', detail, 'terraform', 'pet/main.tf:12,19-38'],
      ['stack.workspace-reference', 'error', 'Invalid reference', detail, 'terraform', 'pet/main.tf:18,17-36'],
      ['stack.workspace-reference', 'error', 'Invalid reference', detail, 'terraform', 'pet/modules/tags/main.tf:7,19-38'],
    ],
  )
  assert.equal(
    r.diagnostics.map((d) => d.address),
    ['component.pet', 'component.pet', 'component.pet.module.tags'],
  )
  // an ordinary root has workspaces: no error there
  const ordinary = await analyze({files: {'main.tf': 'output "w" {\n  value = terraform.workspace\n}\n'}})
  assert.equal(
    ordinary.diagnostics.map((d) => d.summary),
    [],
  )
})

test.run()
