#!/usr/bin/env node
// Records what real Terraform's `terraform plan` says about a fixture, beside it as terraform-oracle.plan.json
// (never needed by npm test; test/providers/compare/plan-stage.test.ts compares tfgraph with the recorded answers).
// `terraform validate` and `terraform graph` stop before the errors a plan gives of `moved` blocks (checked
// after the plan walk, internal/refactoring/move_validate.go); this asks the plan itself. Offline: the
// fixtures use only the built-in provider (terraform.io/builtin/terraform, resource terraform_data), which
// `terraform init` installs without a download, and local modules; the state is empty.
//
// Usage: node scripts/oracle-plan.mjs FIXTURE_DIR… [--terraform PATH]
// Exit status: 0 recorded, 1 failure (no terraform, a fixture that cannot be copied), 2 usage error.
import {spawnSync} from 'node:child_process'
import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import {oracleDiagnostic as diagnostic, parseFixtureArgs} from './oracle-common.mjs'

const USAGE = 'Usage: node scripts/oracle-plan.mjs FIXTURE_DIR… [--terraform PATH]'

function parseArgs(argv) {
  const opts = parseFixtureArgs(argv, USAGE)
  if (opts.dirs.length === 0) {
    console.error(USAGE)
    process.exit(2)
  }
  return opts
}

function terraform(bin, args, cwd, tmp) {
  const env = {...process.env, TF_CLI_CONFIG_FILE: path.join(tmp, 'cli.tfrc'), CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1'}
  delete env.TF_LOG
  const r = spawnSync(bin, args, {cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 300_000})
  if (r.error) throw r.error
  return r
}

function record(bin, fixture) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tfgraph-plan-oracle-'))
  const work = path.join(tmp, 'work')
  try {
    cpSync(fixture, work, {
      recursive: true,
      filter: (p) => {
        const b = path.basename(p)
        return !b.startsWith('expected.') && !b.startsWith('terraform-oracle.') && b !== '.terraform' && b !== '.terraform.lock.hcl'
      },
    })
    writeFileSync(path.join(tmp, 'cli.tfrc'), '')
    const init = terraform(bin, ['init', '-backend=false', '-input=false', '-no-color'], work, tmp)
    const version = JSON.parse(terraform(bin, ['version', '-json'], work, tmp).stdout).terraform_version
    const plan = terraform(bin, ['plan', '-json', '-input=false', '-lock=false', '-no-color'], work, tmp)
    const diagnostics = plan.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === 'diagnostic' && e.diagnostic)
      .map((e) => diagnostic(e.diagnostic))
      .sort((a, b) =>
        `${a.range?.filename}:${String(a.range?.start.line).padStart(6)}`.localeCompare(
          `${b.range?.filename}:${String(b.range?.start.line).padStart(6)}`,
        ),
      )
    return {
      terraform_version: version,
      ...(init.status !== 0 ? {init_error: (init.stderr || init.stdout).trim()} : {}),
      exit_code: plan.status,
      diagnostics,
    }
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
}

const opts = parseArgs(process.argv.slice(2))
if (spawnSync(opts.terraform, ['version'], {encoding: 'utf8'}).status !== 0) {
  console.error(`cannot run ${opts.terraform}: install Terraform or pass --terraform PATH`)
  process.exit(1)
}
for (const dir of opts.dirs) {
  const out = record(opts.terraform, path.resolve(dir))
  writeFileSync(path.join(dir, 'terraform-oracle.plan.json'), JSON.stringify(out, null, 2) + '\n')
  console.log(
    `${path.relative(process.cwd(), dir)}: Terraform ${out.terraform_version}, plan exit ${out.exit_code}, ${out.diagnostics.length} diagnostics`,
  )
}
