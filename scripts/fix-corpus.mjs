#!/usr/bin/env node
// The corpus-wide proof of `lint --fix` (issue #38), on a copy of the corpus in a temporary directory (the
// corpus itself is never written): `tfgraph lint --recursive --fix` once, then in every root module
//   - no finding that still has a fix --fix would apply (the fixed rules report nothing fixable),
//   - no finding that was not there before (rule, code, severity, module, summary, file),
//   - the same resource → provider configuration bindings (`providers --json`),
//   - a second `--fix` changes nothing,
// and with --oracle, Terraform (../shared/tools/terraform-oracle, `terraform` on PATH) gives no error on a
// root it validated without errors before (roots whose modules the fixes changed).
// Usage: npm run build && node scripts/fix-corpus.mjs [--oracle] [--keep] [CORPUS]   (default ../shared/corpus)
import {spawnSync} from 'node:child_process'
import {cpSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const oracle = args.includes('--oracle')
const keep = args.includes('--keep')
const corpus = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(repo, '..', 'shared', 'corpus'))
const bin = path.join(repo, 'bin', 'run.cjs')
const {analyze, lint} = await import(path.join(repo, 'dist', 'src', 'index.js'))

const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-fix-corpus-'))
const copy = path.join(tmp, 'corpus')
cpSync(corpus, copy, {recursive: true})
// the shared folder is read-only: the copy must be writable
spawnSync('chmod', ['-R', 'u+w', copy])

function tfgraph(...a) {
  const r = spawnSync(process.execPath, [bin, ...a], {cwd: tmp, encoding: 'utf8', maxBuffer: 1 << 30, env: {...process.env, NO_COLOR: '1'}})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

const key = (root, d) => [root, d.rule, d.severity, d.address ?? '', d.summary, d.range?.filename ?? ''].join(' | ')

/** Each root's findings (lint --recursive --format json) and, through the library, its bindings and fixable findings. */
async function state() {
  const doc = JSON.parse(tfgraph('lint', 'corpus', '--recursive', '--format', 'json', '--no-cache').stdout)
  const roots = doc.roots.map((r) => r.root)
  const findings = new Map()
  for (const r of doc.roots) {
    for (const d of r.result.diagnostics) findings.set(key(r.root, d), (findings.get(key(r.root, d)) ?? 0) + 1)
  }
  const bindings = new Map()
  const fixable = new Map()
  const dirs = new Map()
  for (const root of roots) {
    const dir = path.join(tmp, root)
    const a = await analyze(dir, {env: {}})
    bindings.set(root, JSON.stringify(a.providers.resources.map((x) => [x.address, x.provider_config])))
    const l = await lint(dir, {fixes: true, env: {}})
    dirs.set(root, new Set(l.analysis.tree.nodes.filter((n) => n.dir).map((n) => n.dir)))
    for (const d of l.diagnostics) {
      const preferred = (d.fixes ?? []).filter((f) => f.preferred)
      if (
        preferred.length === 1 &&
        !preferred[0].edits.some((e) => path.resolve(dir, e.range.filename).split(path.sep).includes('.terraform'))
      )
        fixable.set(d.rule, (fixable.get(d.rule) ?? 0) + 1)
    }
  }
  return {roots, findings, bindings, fixable, dirs}
}

const t0 = Date.now()
const before = await state()
const fix = tfgraph('lint', 'corpus', '--recursive', '--fix', '--no-cache')
const fixSeconds = ((Date.now() - t0) / 1000).toFixed(0)
const counts = fix.stderr.split('\n').find((l) => l.startsWith('Fixed')) ?? fix.stderr
const after = await state()
const again = tfgraph('lint', 'corpus', '--recursive', '--fix', '--no-cache')

const problems = []
for (const [k, n] of after.findings)
  if (n > (before.findings.get(k) ?? 0)) problems.push(`new finding: ${k} (${n} after, ${before.findings.get(k) ?? 0} before)`)
for (const root of before.roots) if (before.bindings.get(root) !== after.bindings.get(root)) problems.push(`bindings changed: ${root}`)
for (const [rule, n] of after.fixable) problems.push(`still fixable: ${rule} ${n}`)
if (!/^Nothing to fix$/m.test(again.stderr)) problems.push(`a second --fix changed something: ${again.stderr.trim()}`)

console.log(`${before.roots.length} root modules; lint --recursive --fix: ${counts}`)
console.log(
  `fixable before (findings with the one fix --fix applies, per rule): ${[...before.fixable]
    .sort((a, b) => b[1] - a[1])
    .map(([r, n]) => `${r} ${n}`)
    .join(', ')}`,
)
console.log(
  `findings: ${[...before.findings.values()].reduce((a, b) => a + b, 0)} before, ${[...after.findings.values()].reduce((a, b) => a + b, 0)} after`,
)

if (oracle) {
  const changed = spawnSync('diff', ['-rq', corpus, copy], {encoding: 'utf8'}).stdout.split('\n').filter(Boolean)
  const changedDirs = new Set(changed.map((l) => path.dirname(l.split(' and ')[1].replace(/ differ$/, ''))))
  const roots = before.roots.filter((r) => [...after.dirs.get(r)].some((d) => changedDirs.has(d)))
  const ora = path.join(repo, '..', 'shared', 'tools', 'terraform-oracle', 'oracle.mjs')
  const validate = (dir) => {
    const r = spawnSync(process.execPath, [ora, 'validate', dir], {encoding: 'utf8', maxBuffer: 1 << 28})
    try {
      return JSON.parse(r.stdout)
    } catch {
      return undefined
    }
  }
  let validated = 0
  let version = '?'
  let newErrors = 0
  for (const root of roots) {
    const was = validate(path.join(corpus, path.relative('corpus', root)))
    if (!was || was.error_count > 0) continue
    version = was.terraform_version ?? version
    validated++
    const now = validate(path.join(tmp, root))
    if (!now || now.error_count > 0) {
      newErrors++
      problems.push(
        `terraform validate: new errors in ${root}: ${JSON.stringify(now?.diagnostics?.filter((d) => d.severity === 'error').map((d) => d.summary) ?? 'no answer')}`,
      )
    }
  }
  console.log(
    `terraform ${version} validate: ${roots.length} roots reach a changed module; ${validated} were valid before; ${newErrors} have an error after`,
  )
}

console.log(problems.length === 0 ? `proof holds (${fixSeconds} s)` : problems.join('\n'))
if (keep) console.log(`the fixed copy: ${copy}`)
else rmSync(tmp, {recursive: true, force: true})
process.exit(problems.length === 0 ? 0 : 1)
