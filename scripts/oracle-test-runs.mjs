#!/usr/bin/env node
// Records what real Terraform's `terraform test` says about the runs of a fixture's test files, beside the
// fixture as terraform-oracle.test.json (never needed by npm test; test/providers/test-runs/test-runs.test.ts compares
// tfgraph with the recorded answers). Offline: the fixtures use only the built-in provider
// (terraform.io/builtin/terraform, resource terraform_data), which `terraform init` installs without a
// download, and local modules.
//
// Each run is asked on its own: a copy of the fixture keeps one test file with that run alone (and the runs
// it reads outputs of), because `terraform test` skips every run after one that fails. For each run:
//   - status: Terraform's (pass, fail, error, skip);
//   - bindings: resource → provider configuration, from the `ProviderTransformer` lines of TF_LOG=trace
//     (`"terraform_data.a" (…) needs provider["…"]`), the binding of the run's validate walk;
//   - diagnostics: the run's (severity, summary, detail, range), from `terraform test -json`.
// `terraform providers` is recorded too (`providers_tree`: its requirements tree, test files included).
// The whole file is also run once, as written (`sequence`: each run's status, skips included), and the
// diagnostics Terraform gives before any run (file-level: the loader's) are recorded as `file_diagnostics`.
//
// Usage: node scripts/oracle-test-runs.mjs [FIXTURE_DIR…]   (default: every fixtures/tests/* without tofu-)
//        --terraform PATH   (default: terraform on PATH)
// Exit status: 0 recorded, 1 failure (no terraform, a fixture that cannot be copied), 2 usage error.
import {spawnSync} from 'node:child_process'
import {chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import {oracleDiagnostic as diagnostic, parseFixtureArgs} from './oracle-common.mjs'
import {fileURLToPath} from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '..')

function parseArgs(argv) {
  const opts = parseFixtureArgs(argv, 'Usage: node scripts/oracle-test-runs.mjs [FIXTURE_DIR…] [--terraform PATH]')
  if (opts.dirs.length === 0) {
    const base = path.join(repo, 'fixtures', 'tests')
    opts.dirs = readdirSync(base)
      .filter((n) => !n.startsWith('tofu-') && statSync(path.join(base, n)).isDirectory())
      .sort()
      .map((n) => path.join(base, n))
  }
  return opts
}

/** Top-level blocks of an HCL file by line scanning: `type "label" {` at column 1 up to its closing brace. */
function topLevelBlocks(text) {
  const out = []
  let depth = 0
  let current
  let inString = false
  let heredoc
  const lines = text.split('\n')
  lines.forEach((line, i) => {
    if (heredoc) {
      if (line.trim() === heredoc) heredoc = undefined
      return
    }
    if (depth === 0) {
      const m = /^([A-Za-z_][\w-]*)\s*(?:"([^"]*)"\s*)*\{/.exec(line)
      if (m) current = {type: m[1], label: /"([^"]*)"/.exec(line)?.[1], start: i}
    }
    for (let k = 0; k < line.length; k++) {
      const c = line[k]
      if (inString) {
        if (c === '\\') k++
        else if (c === '"') inString = false
        continue
      }
      if (c === '"') inString = true
      else if (c === '#' || (c === '/' && line[k + 1] === '/')) break
      else if (c === '<' && line.slice(k, k + 2) === '<<') {
        heredoc = /^<<-?(\w+)/.exec(line.slice(k))?.[1]
        break
      } else if (c === '{') depth++
      else if (c === '}') {
        depth--
        if (depth === 0 && current) {
          out.push({...current, end: i})
          current = undefined
        }
      }
    }
  })
  return out
}

/** The file's text with only the run blocks in `keep` (every other top-level block kept; lines blanked, so ranges stay). */
function keepRuns(text, keep) {
  const lines = text.split('\n')
  const drop = new Set()
  for (const b of topLevelBlocks(text)) if (b.type === 'run' && !keep.has(b.label)) for (let i = b.start; i <= b.end; i++) drop.add(i)
  return lines.map((l, i) => (drop.has(i) ? '' : l)).join('\n')
}

/** The runs a run reads outputs of (`run.NAME`), transitively, in file order. */
function runsNeeded(text, name) {
  const blocks = topLevelBlocks(text).filter((b) => b.type === 'run')
  const lines = text.split('\n')
  const body = (b) => lines.slice(b.start, b.end + 1).join('\n')
  const need = new Set([name])
  let grew = true
  while (grew) {
    grew = false
    for (const b of blocks) {
      if (!need.has(b.label)) continue
      for (const m of body(b).matchAll(/\brun\.([A-Za-z_][\w-]*)/g))
        if (!need.has(m[1])) {
          need.add(m[1])
          grew = true
        }
    }
  }
  // provider blocks of the file may read run outputs too
  for (const b of topLevelBlocks(text).filter((x) => x.type !== 'run'))
    for (const m of body(b).matchAll(/\brun\.([A-Za-z_][\w-]*)/g)) if (blocks.some((r) => r.label === m[1])) need.add(m[1])
  return need
}

function testFiles(dir) {
  const out = []
  for (const n of readdirSync(dir).sort()) if (/\.tftest\.(hcl|json)$/.test(n) && !n.startsWith('.')) out.push(n)
  const tests = path.join(dir, 'tests')
  if (existsSync(tests)) for (const n of readdirSync(tests).sort()) if (/\.tftest\.(hcl|json)$/.test(n)) out.push(`tests/${n}`)
  return out
}

function copyFixture(src) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tfgraph-test-oracle-'))
  const work = path.join(tmp, 'work')
  cpSync(src, work, {
    recursive: true,
    filter: (p) => {
      const b = path.basename(p)
      return !b.startsWith('expected.') && !b.startsWith('terraform-oracle.') && b !== '.terraform' && b !== '.terraform.lock.hcl'
    },
  })
  writeFileSync(path.join(tmp, 'cli.tfrc'), '')
  return {tmp, work}
}

/**
 * Providers other than the built-in one are pointed at a do-nothing executable (`dev_overrides`): the
 * loader's errors, which come before any provider is started, are then Terraform's answer offline; a run
 * that needs such a provider fails to load its schema (recorded as it is, and not compared).
 */
function placeholders(bin, work, tmp) {
  const r = terraform(bin, ['providers', '-no-color'], work, tmp)
  const addrs = [...new Set([...r.stdout.matchAll(/provider\[([^\]]+)\]/g)].map((m) => m[1]))].filter(
    (a) => !a.startsWith('terraform.io/builtin/'),
  )
  if (addrs.length === 0) return []
  const stub = path.join(tmp, 'stub')
  mkdirSync(stub)
  const lines = ['provider_installation {', '  dev_overrides {']
  for (const a of addrs) {
    const exe = path.join(stub, `terraform-provider-${a.split('/').pop()}`)
    writeFileSync(exe, '#!/bin/sh\nexit 1\n')
    chmodSync(exe, 0o755)
    lines.push(`    ${JSON.stringify(a)} = ${JSON.stringify(stub)}`)
  }
  lines.push('  }', '  direct {}', '}')
  writeFileSync(path.join(tmp, 'cli.tfrc'), lines.join('\n') + '\n')
  return addrs
}

function terraform(bin, args, cwd, tmp, trace = false) {
  const env = {...process.env, TF_CLI_CONFIG_FILE: path.join(tmp, 'cli.tfrc'), CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1'}
  delete env.TF_LOG
  if (trace) env.TF_LOG = 'trace'
  const r = spawnSync(bin, args, {cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 300_000})
  if (r.error) throw r.error
  return r
}

function jsonLines(text) {
  return text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l)
      } catch {
        return undefined
      }
    })
    .filter(Boolean)
}

/** The bindings of the run's walks: `"<resource>" (…) needs provider[…]` (first answer per resource). */
function bindings(log, runMarker) {
  const out = {}
  let inRun = runMarker === undefined
  for (const line of log.split('\n')) {
    if (runMarker !== undefined && line.includes('TestFileRunner: executing run block ')) inRun = line.trimEnd().endsWith(runMarker)
    if (!inRun) continue
    const m = /ProviderTransformer: "([^"]+)" \([^)]*\) needs (provider\[.*)$/.exec(line)
    if (!m) continue
    if (m[1].endsWith(' (destroy)')) continue
    const addr = m[1].replace(/ \(expand\)$/, '').replace(/\[[^\]]*\]/g, '')
    if (!(addr in out)) out[addr] = m[2].trim()
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)))
}

function record(bin, fixture) {
  const files = testFiles(fixture)
  const result = {terraform_version: '', files: {}}
  const {tmp, work} = copyFixture(fixture)
  try {
    const stubbed = placeholders(bin, work, tmp)
    if (stubbed.length > 0) result.placeholder_providers = stubbed
    const init = terraform(bin, ['init', '-backend=false', '-input=false', '-no-color'], work, tmp)
    if (init.status !== 0) result.init_error = (init.stderr || init.stdout).trim()
    const version = terraform(bin, ['version', '-json'], work, tmp)
    result.terraform_version = JSON.parse(version.stdout).terraform_version
    // `terraform providers`: the requirements tree, with a test.<file> branch per test file (when it loads)
    const tree = terraform(bin, ['providers', '-no-color'], work, tmp)
    if (tree.status === 0) result.providers_tree = tree.stdout
    for (const file of files) {
      const text = readFileSync(path.join(fixture, file), 'utf8')
      const entry = {sequence: {}, file_diagnostics: [], runs: {}}
      // the whole file, as written
      const whole = jsonLines(terraform(bin, ['test', '-json', '-no-color', `-filter=${file}`], work, tmp).stdout)
      for (const e of whole) {
        if (e.type === 'test_run' && e.test_run?.progress === 'complete') entry.sequence[e.test_run.run] = e.test_run.status
        if (e.type === 'diagnostic' && !e['@testrun'] && e.diagnostic) entry.file_diagnostics.push(diagnostic(e.diagnostic))
      }
      const names = topLevelBlocks(text)
        .filter((b) => b.type === 'run')
        .map((b) => b.label)
      for (const name of names) {
        const one = copyFixture(fixture)
        try {
          for (const other of files) if (other !== file) rmSync(path.join(one.work, other))
          writeFileSync(path.join(one.work, file), keepRuns(text, runsNeeded(text, name)))
          placeholders(bin, one.work, one.tmp)
          terraform(bin, ['init', '-backend=false', '-input=false', '-no-color'], one.work, one.tmp)
          const r = terraform(bin, ['test', '-json', '-no-color', `-filter=${file}`], one.work, one.tmp, true)
          const events = jsonLines(r.stdout)
          const status = events.find((e) => e.type === 'test_run' && e.test_run?.run === name && e.test_run?.progress === 'complete')
          entry.runs[name] = {
            status: status?.test_run?.status ?? 'not run',
            bindings: bindings(r.stderr, `${file}/${name}`),
            diagnostics: events.filter((e) => e.type === 'diagnostic' && e['@testrun'] === name).map((e) => diagnostic(e.diagnostic)),
          }
        } finally {
          rmSync(one.tmp, {recursive: true, force: true})
        }
      }
      result.files[file] = entry
    }
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
  return result
}

const opts = parseArgs(process.argv.slice(2))
if (spawnSync(opts.terraform, ['version'], {encoding: 'utf8'}).status !== 0) {
  console.error(`cannot run ${opts.terraform}: install Terraform or pass --terraform PATH`)
  process.exit(1)
}
for (const dir of opts.dirs) {
  const out = record(opts.terraform, path.resolve(dir))
  writeFileSync(path.join(dir, 'terraform-oracle.test.json'), JSON.stringify(out, null, 2) + '\n')
  const runs = Object.values(out.files).flatMap((f) => Object.entries(f.runs).map(([n, r]) => `${n}:${r.status}`))
  console.log(`${path.relative(process.cwd(), dir)}: Terraform ${out.terraform_version}, ${runs.join(' ')}`)
}
