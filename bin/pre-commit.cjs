#!/usr/bin/env node
// Entry of the pre-commit hooks (.pre-commit-hooks.yaml): `tfgraph-pre-commit lint|lock [FLAGS] FILE...`.
// pre-commit passes the changed files after the hook's args. Each file is mapped to its module directory,
// and that directory to its root: the nearest directory from it up to the current one (the repository's
// top, where pre-commit runs hooks) that holds a Terraform Stacks configuration (.tfcomponent.hcl files: the
// stack is one root, and the modules of its components below it are checked as the stack sees them), else
// the nearest that holds a .terraform.lock.hcl, else the directory itself. tfgraph
// then runs once per root, so that a change to ./modules/x is checked the way the root that calls it
// sees it. `lock` checks only roots that have a lock file. Arguments that start with "-" are passed to
// tfgraph (write flags with values as --flag=value); everything after "--" is a file. Prints nothing
// when every root is clean; otherwise tfgraph's own output, and exits with its highest exit code.
// CommonJS, as bin/run.cjs: the hook loads no ES module unless a root needs a process of its own.
'use strict'
const {existsSync, readdirSync} = require('node:fs')
const path = require('node:path')
const {setFlagsFromString} = require('node:v8')
const {ANSWER_FLAGS, ANSWER_UNDO, loadScript, SCRIPT_FLAGS} = require('./load-script.cjs')

const LOCK_FILE = '.terraform.lock.hcl'
const CONFIG_FILE = /\.(tf|tofu)(\.json)?$/
const STACK_FILE = /\.(tfcomponent|tfstack)\.(hcl|json)$|\.tfdeploy\.hcl$/
const STACK_CONFIG = /\.(tfcomponent|tfstack)\.(hcl|json)$/
const usage = 'usage: tfgraph-pre-commit lint|lock [TFGRAPH FLAGS] FILE...'

const [mode, ...rest] = process.argv.slice(2)
if (mode !== 'lint' && mode !== 'lock') {
  process.stderr.write(`${mode === undefined ? 'no mode given' : `unknown mode "${mode}"`}\n${usage}\n`)
  process.exit(1)
}

const flags = []
const files = []
for (let i = 0, onlyFiles = false; i < rest.length; i++) {
  const arg = rest[i]
  if (!onlyFiles && arg === '--') onlyFiles = true
  else if (!onlyFiles && arg.startsWith('-')) flags.push(arg)
  else files.push(arg)
}

const top = process.cwd()
const wanted = (file) => {
  if (file.split(/[\\/]/).includes('.terraform')) return false // installed modules and providers
  return CONFIG_FILE.test(file) || STACK_FILE.test(file) || (mode === 'lock' && path.basename(file) === LOCK_FILE)
}
const isStackDir = (d) => {
  try {
    return readdirSync(d).some((n) => STACK_CONFIG.test(n))
  } catch {
    return false
  }
}
const rootOf = (dir) => {
  const start = path.resolve(top, dir)
  const inside = start === top || start.startsWith(top + path.sep)
  if (inside)
    for (let d = start; ; d = path.dirname(d)) {
      if (isStackDir(d)) return d
      if (d === top || d === path.dirname(d)) break
    }
  for (let d = start; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, LOCK_FILE))) return d
    if (!inside || d === top || d === path.dirname(d)) return start
  }
}

const roots = [...new Set(files.filter(wanted).map((f) => rootOf(path.dirname(f))))]
  .filter((root) => mode === 'lint' || existsSync(path.join(root, LOCK_FILE)))
  .sort()

// A root whose output the results cache holds (nothing it read has changed since tfgraph last checked
// it) is answered here, without starting tfgraph (bin/run.cjs's quick start: src/cli/quick.ts); a root the
// quick start can run is checked here too, by the command's own code (quick-run.ts), its output captured
// as from a process of its own; the others (a command line only oclif reads) are checked by a tfgraph
// process of their own. The V8 flags are bin/run.cjs's quick start's: the scripts' code caches are only taken
// under the flags they were made with.
// While the stored answers are looked for, ANSWER_FLAGS too, undone before a root is checked here.
for (const flag of SCRIPT_FLAGS) setFlagsFromString(flag)
for (const flag of ANSWER_FLAGS) setFlagsFromString(flag)
const run = path.join(__dirname, 'run.cjs')
const script = (name) => loadScript(path.join(__dirname, '..', 'dist', 'cli', `${name}.cjs`)).exports
let quick
let quickRun
// as the process would see its output: pipes, never a terminal (no colours)
const notTerminals = {stdout: {isTTY: false}, stderr: {isTTY: false}}
const check = async (args) => {
  quick ??= script('quick')
  const line = quick.quickLine(args, notTerminals)
  if (line?.stored) return {status: line.stored.exitCode, stdout: line.stored.stdout, stderr: line.stored.stderr}
  if (line) {
    if (!quickRun) {
      for (const flag of ANSWER_UNDO) setFlagsFromString(flag)
      quickRun = script('quick-run')
    }
    const out = await quickRun.runCaptured(line.q, args)
    return {status: out.exitCode, stdout: out.stdout, stderr: out.stderr}
  }
  // loaded only here: most runs of the hook start no process (loading it costs ~7 % of `node -e 0`)
  const {spawnSync} = require('node:child_process')
  return spawnSync(process.execPath, [run, ...args], {encoding: 'utf8', maxBuffer: 256 * 1024 * 1024})
}
void main()

async function main() {
  let exitCode = 0
  for (const root of roots) {
    const shown = path.relative(top, root) || '.'
    const args = [mode, shown, ...flags, '--no-progress']
    const result = await check(args)
    if (result.error) {
      process.stderr.write(`tfgraph ${mode} ${shown}: ${result.error.message}\n`)
      exitCode = Math.max(exitCode, 1)
      continue
    }
    const status = result.status ?? 1
    if (status !== 0) {
      process.stdout.write(`tfgraph ${mode} ${shown} (exit ${status}):\n`)
      process.stdout.write(result.stdout)
      process.stdout.write(result.stderr)
      exitCode = Math.max(exitCode, status)
    }
  }
  process.exitCode = exitCode
  // as bin/run.cjs ends: once stdout and stderr are flushed, whatever a run left scheduled
  process.stdout.write('', () => process.stderr.write('', () => process.exit()))
}
