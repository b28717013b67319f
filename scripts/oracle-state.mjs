#!/usr/bin/env node
// Records what real Terraform says when a configuration changes under an existing state (issue #51):
// for each fixture directory (fixtures/state/<case>/), `terraform apply` the first revision (v1/) in a
// temporary directory, put the second revision (v2/) in its place, and `terraform plan` it with that
// state. Writes beside the fixture: terraform.tfstate (the state v1 left; the raw state format 4, what
// `terraform state pull` prints) and terraform-plan.txt (the plan's exit status, then its output).
// Offline: only the built-in provider (terraform.io/builtin/terraform: terraform_data, aliases) and
// local modules. Never needed by npm test (test/state/ compares tfgraph with the recorded answers).
//
// Usage: node scripts/oracle-state.mjs [FIXTURE_DIR…] [--terraform PATH]   (default: every fixtures/state/*)
// Exit status: 0 recorded, 1 failure (no terraform, v1 does not apply).
import {spawnSync} from 'node:child_process'
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'

const args = process.argv.slice(2)
const at = args.indexOf('--terraform')
const bin = at >= 0 ? args.splice(at, 2)[1] : 'terraform'
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const dirs =
  args.length > 0
    ? args
    : readdirSync(path.join(root, 'fixtures/state'), {withFileTypes: true})
        .filter((d) => d.isDirectory() && existsSync(path.join(root, 'fixtures/state', d.name, 'v1')))
        .map((d) => path.join(root, 'fixtures/state', d.name))

function run(cmd, cwd, tmp) {
  const env = {...process.env, TF_CLI_CONFIG_FILE: path.join(tmp, 'cli.tfrc'), CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1'}
  delete env.TF_LOG
  delete env.TF_DATA_DIR
  const r = spawnSync(bin, cmd, {cwd, env, encoding: 'utf8', timeout: 300_000})
  if (r.error) throw r.error
  return r
}

async function record(fixture) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tfgraph-state-oracle-'))
  const work = path.join(tmp, 'work')
  try {
    writeFileSync(path.join(tmp, 'cli.tfrc'), '')
    cpSync(path.join(fixture, 'v1'), work, {recursive: true})
    const init = run(['init', '-input=false', '-no-color'], work, tmp)
    if (init.status !== 0) throw new Error(`init of v1 failed:\n${init.stdout}${init.stderr}`)
    const apply = run(['apply', '-auto-approve', '-input=false', '-no-color'], work, tmp)
    if (apply.status !== 0) throw new Error(`apply of v1 failed:\n${apply.stdout}${apply.stderr}`)
    let state = readFileSync(path.join(work, 'terraform.tfstate'), 'utf8')
    // a fixture may edit the state before the plan (a deposed object Terraform cannot be made to leave offline)
    const edit = path.join(fixture, 'edit-state.mjs')
    if (existsSync(edit)) {
      state = JSON.stringify((await import(pathToFileURL(edit).href)).default(JSON.parse(state)), null, 2) + '\n'
      writeFileSync(path.join(work, 'terraform.tfstate'), state)
    }
    // v2 replaces v1's files (the state, .terraform and the lock file stay)
    for (const e of readdirSync(work))
      if (!['terraform.tfstate', '.terraform', '.terraform.lock.hcl'].includes(e)) rmSync(path.join(work, e), {recursive: true})
    cpSync(path.join(fixture, 'v2'), work, {recursive: true})
    const init2 = run(['init', '-input=false', '-no-color'], work, tmp)
    if (init2.status !== 0) throw new Error(`init of v2 failed:\n${init2.stdout}${init2.stderr}`)
    const plan = run(['plan', '-input=false', '-lock=false', '-no-color'], work, tmp)
    const version = JSON.parse(run(['version', '-json'], work, tmp).stdout).terraform_version
    writeFileSync(path.join(fixture, 'terraform.tfstate'), state)
    const text = `# terraform ${version} plan (v2 with the state of v1): exit ${plan.status}\n${plan.stdout}${plan.stderr}`
    writeFileSync(path.join(fixture, 'terraform-plan.txt'), text.split(tmp).join('$TMP'))
    console.log(`${path.relative(process.cwd(), fixture)}: plan exit ${plan.status}`)
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
}

let failed = false
for (const d of dirs) {
  try {
    await record(path.resolve(d))
  } catch (e) {
    failed = true
    console.error(`${d}: ${e instanceof Error ? e.message : String(e)}`)
  }
}
process.exit(failed ? 1 : 0)
