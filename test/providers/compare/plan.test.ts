// tfgraph providers --plan: a real Terraform 1.11.4 plan (count, a module with for_each, a providers map,
// no-op/update/replace/delete) and a hand-written one for aws (region, assume_role), joined to the
// static binding; the plan's configuration section checked against it; plans tfgraph cannot use.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {assertGolden} from '../../helpers/golden.js'
import {checkedRunner} from '../../helpers/cli.js'
import {fixturesDir} from '../../helpers/paths.js'

const P = suite('providers --plan')
const plans = path.join(fixturesDir, 'plans')

// `tfgraph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
// test/cli/in-process.test.ts), the first also as a process of its own
const cli = checkedRunner({env: {TFGRAPH_NO_CACHE: '1', TF_DATA_DIR: undefined}})
const run = (...args: string[]) => cli(['providers', ...args])

interface Doc {
  planned_changes?: {
    address: string
    config_address: string
    actions: string[]
    provider_config: string | null
    reason?: string
    arguments: Record<string, unknown>
  }[]
  diagnostics: {summary: string; detail: string}[]
}

P('a real plan: instance addresses (count, module for_each) map to configuration addresses; text and JSON goldens', async () => {
  const text = await run('fixtures/plans/instances', '--plan', 'fixtures/plans/instances/plan.json')
  assert.is(text.code, 0, text.stderr)
  assertGolden(path.join(plans, 'instances/expected.txt'), text.stdout)
  const json = await run('fixtures/plans/instances', '--plan', 'fixtures/plans/instances/plan.json', '--json')
  assertGolden(path.join(plans, 'instances/expected.json'), json.stdout)
  const doc = JSON.parse(json.stdout) as Doc
  const by = new Map(doc.planned_changes?.map((c) => [c.address, c]))
  assert.is(doc.planned_changes?.length, 7)
  assert.is(by.get('module.x["b"].terraform_data.this[0]')?.config_address, 'module.x.terraform_data.this')
  assert.is(by.get('module.x["b"].terraform_data.this[0]')?.provider_config, 'provider["terraform.io/builtin/terraform"].second')
  assert.is(by.get('terraform_data.counted[1]')?.config_address, 'terraform_data.counted')
  assert.equal(by.get('terraform_data.swapped')?.actions, ['delete', 'create'])
  assert.is(by.get('terraform_data.gone')?.provider_config, null)
  assert.match(by.get('terraform_data.gone')?.reason ?? '', /not in the configuration/)
  assert.match(text.stdout, /planned changes in fixtures\/plans\/instances\/plan.json: 7 \(4 no-op, 1 delete, 1 update, 1 replace\)/)
  // Terraform's own configuration section agrees with the static binding
  assert.not.ok(doc.diagnostics.some((d) => d.summary.includes('The plan binds')))
})

P("where each change lands: the configuration's arguments (region, nested assume_role)", async () => {
  const r = await run('fixtures/plans/regions', '--plan', 'fixtures/plans/regions/plan.json')
  assert.is(r.code, 0, r.stderr)
  assertGolden(path.join(plans, 'regions/expected.txt'), r.stdout)
  assert.match(
    r.stdout,
    /create {2}aws_vpc.dr {2}provider\["registry.terraform.io\/hashicorp\/aws"\].west {2}region = "us-west-2", assume_role.role_arn = "arn:aws:iam::123456789012:role\/deploy"/,
  )
  const doc = JSON.parse((await run('fixtures/plans/regions', '--plan', 'fixtures/plans/regions/plan.json', '--json')).stdout) as Doc
  assert.equal(doc.planned_changes?.[2]?.arguments, {
    alias: 'west',
    region: 'us-west-2',
    'assume_role.role_arn': 'arn:aws:iam::123456789012:role/deploy',
  })
})

P("the plan's configuration section binding another configuration is a warning", async () => {
  const r = await run('fixtures/plans/regions', '--plan', 'fixtures/plans/regions/plan-disagrees.json')
  assert.is(r.code, 0)
  assert.match(r.stderr, /Warning: The plan binds a resource to another provider configuration/)
  assert.match(
    r.stderr,
    /binds aws_vpc.dr to provider_config_key "aws" \(provider\["registry.terraform.io\/hashicorp\/aws"\]\), but the configuration binds it to provider\["registry.terraform.io\/hashicorp\/aws"\].west/,
  )
})

P('without --plan the JSON has no planned_changes (existing goldens unchanged)', async () => {
  const doc = JSON.parse((await run('fixtures/plans/regions', '--json')).stdout) as Doc
  assert.is(doc.planned_changes, undefined)
})

P('plans tfgraph cannot use: one line, exit 1, no stack trace', async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-plan-'))
  try {
    const full = readFileSync(path.join(plans, 'regions/plan.json'), 'utf8')
    const cases: [string, string, RegExp][] = [
      ['truncated.json', full.slice(0, 700), /is not plan JSON: the file ends early \(truncated\?\)/],
      [
        'state.json',
        JSON.stringify({format_version: '1.0', terraform_version: '1.11.4', values: {}}),
        /is JSON of format 1.0 but not a plan/,
      ],
      ['other.json', '{"name": "x"}', /is not plan JSON: no format_version/],
      ['v2.json', JSON.stringify({format_version: '2.0', resource_changes: []}), /plan JSON format 2.0 is not supported/],
      ['text.json', 'Terraform will perform the following actions:', /is not plan JSON: not valid JSON/],
    ]
    for (const [name, content, want] of cases) {
      writeFileSync(path.join(tmp, name), content)
      const r = await run('fixtures/plans/regions', '--plan', path.join(tmp, name))
      assert.is(r.code, 1, name)
      assert.is(r.stdout, '', name)
      assert.match(r.stderr, want, name)
      assert.is(r.stderr.trim().split('\n').length, 1, name)
      assert.not.match(r.stderr, /\n\s+at /)
    }
    const other = await run('fixtures/plans/regions', '--plan', 'fixtures/plans/instances/plan.json')
    assert.is(other.code, 1)
    assert.is(
      other.stderr,
      'Error: fixtures/plans/instances/plan.json is a plan for another configuration: terraform_data.counted[0], terraform_data.counted[1], terraform_data.kept and 2 more are not in fixtures/plans/regions (was the plan made from this directory, with this revision?)\n',
    )
    const missing = await run('fixtures/plans/regions', '--plan', path.join(tmp, 'nope.json'))
    assert.is(missing.code, 1)
    const nope = path.join(tmp, 'nope.json')
    assert.is(
      missing.stderr,
      `Error: cannot read the plan: ${nope} does not exist; make one with terraform plan -out=PLANFILE, then terraform show -json PLANFILE > ${nope}\n`,
    )
    const dir = await run('fixtures/plans/regions', '--plan', tmp)
    assert.is(dir.code, 1)
    assert.match(dir.stderr, /^Error: cannot read the plan: .* is a directory, not a file; /)
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

P.run()
