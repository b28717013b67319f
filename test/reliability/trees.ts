// Adversarial trees, built in a temporary directory by the tests (and, at full size, by the heavy
// cases of `npm run fuzz`), plus the helper that runs every command on a tree and checks the properties.
import {chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {COMMANDS, type CommandOutcome, type RunContext} from './commands.js'
import {checkOutcome, treeBytes, type Violation} from './properties.js'
import {treeFingerprint} from './tree-hash.js'

export function tempTree(prefix = 'tfgraph-adv-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  chmodSync(dir, 0o755) // readable by an unprivileged user (the unreadable-file tests drop privileges)
  return dir
}

export function removeTree(dir: string): void {
  // make everything removable again (the unreadable cases chmod 000)
  const open = (d: string): void => {
    try {
      chmodSync(d, 0o755)
    } catch {
      return
    }
  }
  open(dir)
  rmSync(dir, {recursive: true, force: true, maxRetries: 2})
}

/** Writes files given as relative path → text or bytes. */
export function write(dir: string, files: Readonly<Record<string, string | Buffer>>): void {
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(dir, rel)
    mkdirSync(path.dirname(p), {recursive: true})
    writeFileSync(p, content)
  }
}

export const NULL_RESOURCE = (name: string): string => `resource "null_resource" "${name}" {}\n`

/** `count` modules m0 … m(count-1), each calling the next; the root calls m0. */
export function moduleChain(dir: string, count: number): void {
  write(dir, {'main.tf': 'module "m0" {\n  source = "./mods/m0"\n}\n'})
  for (let i = 0; i < count; i++) {
    const next = i + 1 < count ? `module "m${i + 1}" {\n  source = "../m${i + 1}"\n}\n` : ''
    write(dir, {[`mods/m${i}/main.tf`]: next + NULL_RESOURCE(`r${i}`)})
  }
}

/** Modules d0 … d(levels-1), each calling the next one twice: 2^levels module instances over `levels` directories. */
export function moduleDiamond(dir: string, levels: number): void {
  write(dir, {'main.tf': 'module "d0" {\n  source = "./mods/d0"\n}\n'})
  for (let i = 0; i < levels; i++) {
    const next = i + 1 < levels ? `module "left" {\n  source = "../d${i + 1}"\n}\nmodule "right" {\n  source = "../d${i + 1}"\n}\n` : ''
    write(dir, {[`mods/d${i}/main.tf`]: next + NULL_RESOURCE(`r${i}`)})
  }
}

/** One module with `count` resources (and a provider block), in files of 10,000 resources at most. */
export function manyResources(dir: string, count: number): void {
  write(dir, {
    'providers.tf':
      'terraform {\n  required_providers {\n    null = {\n      source  = "hashicorp/null"\n      version = ">= 3.0"\n    }\n  }\n}\n',
  })
  for (let f = 0; f * 10_000 < count; f++) {
    const parts: string[] = []
    for (let i = f * 10_000; i < Math.min(count, (f + 1) * 10_000); i++)
      parts.push(`resource "null_resource" "r${i}" {\n  triggers = {\n    n = "${i}"\n  }\n}\n`)
    write(dir, {[`r${f}.tf`]: parts.join('')})
  }
}

/** A `.tf` file of about `bytes` bytes: a few real blocks and a long heredoc-free body of comments and strings. */
export function hugeFile(dir: string, bytes: number): void {
  const comments = `  # ${'lorem ipsum dolor sit amet '.repeat(3)}\n`.repeat(200)
  const value = 'y'.repeat(2000)
  const parts: string[] = [NULL_RESOURCE('first')]
  let size = parts[0]!.length
  while (size < bytes) {
    const chunk = `locals {\n${comments}  x${parts.length} = "${value}"\n}\n`
    parts.push(chunk)
    size += chunk.length
  }
  write(dir, {'main.tf': parts.join('')})
}

/** A lock file with `count` providers of `hashes` hashes each. */
export function lockFile(count: number, hashes: number): string {
  const out: string[] = ['# This file is maintained automatically by "terraform init".\n# Manual edits may be lost in future updates.\n']
  for (let i = 0; i < count; i++) {
    const hs = Array.from({length: hashes}, (_, k) => `    "h1:${Buffer.from(`p${i}h${k}`.padEnd(32, '.')).toString('base64')}",`)
    out.push(
      `provider "registry.terraform.io/example/p${i}" {\n  version     = "1.${i}.0"\n  constraints = ">= 1.0.0"\n  hashes = [\n${hs.join('\n')}\n  ]\n}\n`,
    )
  }
  return out.join('\n')
}

export function symlink(target: string, at: string): void {
  mkdirSync(path.dirname(at), {recursive: true})
  symlinkSync(target, at)
}

export interface RunAll {
  readonly outcomes: ReadonlyMap<string, CommandOutcome>
  readonly violations: readonly Violation[]
  readonly ms: ReadonlyMap<string, number>
}

/** Runs every command in-process on `dir`; checks every property and that the tree was not written. */
export async function runAll(dir: string, ctx: RunContext = {}): Promise<RunAll> {
  const outcomes = new Map<string, CommandOutcome>()
  const ms = new Map<string, number>()
  const violations: Violation[] = []
  const bytes = treeBytes(dir)
  const before = treeFingerprint(dir)
  for (const spec of COMMANDS) {
    const t = performance.now()
    try {
      const o = await spec.inProcess(dir, ctx)
      const elapsed = performance.now() - t
      ms.set(spec.name, Math.round(elapsed))
      outcomes.set(spec.name, o)
      violations.push(...checkOutcome(o, dir, elapsed, bytes))
    } catch (e) {
      violations.push({command: spec.name, property: 'no exception', detail: e instanceof Error ? (e.stack ?? e.message) : String(e)})
    }
  }
  if (treeFingerprint(dir) !== before) violations.push({command: '*', property: 'the analysed tree is unchanged', detail: dir})
  return {outcomes, violations, ms}
}

/** `summary @ file:line` for each diagnostic, for readable assertions. */
export function where(o: CommandOutcome | undefined): string[] {
  return (o?.diagnostics ?? []).map((d) => `${d.severity} ${d.summary} @ ${d.range ? `${d.range.filename}:${d.range.start.line}` : '-'}`)
}
