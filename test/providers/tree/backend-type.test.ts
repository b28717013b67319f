// The root module's backend type (src/providers/tree/backend-type.ts): unknown, removed and `cloud` types, per
// engine. Terraform 1.11.4's `terraform init` gave the same texts for "s4", "etcd" and "cloud" (checked by
// hand: the oracle runs validate, which checks the type only since 1.15); OpenTofu's from
// internal/command/init.go lines 443–467 and internal/backend/init/init.go of v1.12.6.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {crawl, diagnosticString, validateProviderConfigs, type EngineName} from '../../helpers/internal.js'

async function backendDiagnostics(type: string, engine: EngineName): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-backend-'))
  try {
    writeFileSync(path.join(dir, 'main.tf'), `terraform {\n  backend "${type}" {}\n}\n`)
    const tree = await crawl(dir, {engine, env: {}})
    return validateProviderConfigs(tree)
      .filter((d) => d.code === 'config.unsupported-backend-type')
      .map(diagnosticString)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

const CASES: [string, EngineName, string | undefined][] = [
  ['s4', 'terraform', 'There is no backend type named "s4".'],
  ['s4', 'opentofu', 'There is no backend type named "s4".'],
  ['etcd', 'terraform', 'The "etcd" backend is not supported in Terraform v1.3 or later.'],
  ['etcdv3', 'opentofu', 'The "etcdv3" backend is not supported in OpenTofu v1.3 or later.'],
  ['azure', 'terraform', 'The "azure" backend name has been removed, please use "azurerm".'],
  ['cloud', 'terraform', `There is no explicit backend type named "cloud". To configure HCP Terraform, declare a 'cloud' block instead.`],
  ['cloud', 'opentofu', `There is no explicit backend type named "cloud". To configure cloud backend, declare a 'cloud' block instead.`],
  ['oci', 'opentofu', 'There is no backend type named "oci".'],
  ['oci', 'terraform', undefined],
  ['s3', 'opentofu', undefined],
  ['local', 'terraform', undefined],
]

for (const [type, engine, detail] of CASES) {
  test(`backend "${type}" under ${engine}: ${detail ?? 'supported'}`, async () => {
    const got = await backendDiagnostics(type, engine)
    const end = 13 + type.length
    assert.equal(got, detail === undefined ? [] : [`main.tf:2,11-${end}: Unsupported backend type; ${detail}`])
  })
}

test.run()
