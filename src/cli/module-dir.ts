// What a command needs from its DIR argument: a directory holding configuration files. Checked before
// any analysis so that a typo, a file or a directory of variable files gets one clear line (exit 1),
// not Terraform's plan-time "No configuration files" reported as if it were a finding.
import {accessSync, constants, readdirSync, statSync} from 'node:fs'
import * as path from 'node:path'
import {didYouMean} from '../diag/name-suggestion.js'
import {osErrorCode, osErrorText} from '../diag/os-error.js'

const CONFIG = /\.(tf|tofu)(\.json)?$/
/** A Terraform Stacks configuration's files (the directory is then analysed as a stack). */
const STACK = /\.(tfcomponent|tfstack)\.(hcl|json)$/
const VARIABLES = /(\.tfvars(\.json)?|\.tftest\.hcl|\.tofutest\.hcl)$/
const TESTS = /\.(tftest|tofutest)\.(hcl|json)$/

/** Whether a failed stat or read says `p` is a chain of symbolic links leading back to itself. */
function isLoop(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && e.code === 'ELOOP'
}

const LOOP = 'is a symbolic link loop: following its links leads back to a link already followed'

/**
 * Why `p` could not be reached or listed, as the operating system said it (`permission denied`), with the
 * directory on its path that cannot be searched when that is the cause (a parent the user may not enter).
 */
export function pathFailure(p: string, e: unknown): string {
  const code = osErrorCode(e)
  if (code === 'ENOENT') return 'does not exist'
  if (isLoop(e)) return LOOP
  const said = osErrorText(e)
  if (code === 'ENOTDIR') return `cannot be read: ${said} (a part of its path is a file)`
  if (code !== 'EACCES' && code !== 'EPERM') return `cannot be read: ${said}`
  const blocked = unsearchableAncestor(p)
  return `cannot be read: ${said}${blocked === undefined ? '' : ` (the directory ${blocked} on its path cannot be entered)`}`
}

/** The first directory on the way to `p` (as written, `p` excluded) that the user may not enter, or undefined. */
function unsearchableAncestor(p: string): string | undefined {
  const abs = path.resolve(p)
  const chain: string[] = []
  for (let d = path.dirname(abs); ; d = path.dirname(d)) {
    chain.unshift(d)
    if (path.dirname(d) === d) break
  }
  for (const d of chain) {
    try {
      accessSync(d, constants.X_OK)
    } catch {
      return path.relative(process.cwd(), d) || '.'
    }
  }
  return undefined
}

/** Why `--plugin-dir DIR` cannot be verified (it is not a directory), or undefined. */
export function pluginDirProblem(dir: string): string | undefined {
  try {
    return statSync(dir).isDirectory() ? undefined : `--plugin-dir ${dir} is not a directory`
  } catch (e) {
    return `--plugin-dir ${dir} ${pathFailure(dir, e)}`
  }
}

/** The test files of a directory and of its test directory (`tests` unless given), as `terraform test` finds them. */
function testFilesOf(dir: string, names: readonly string[], testDirectory = 'tests'): string[] {
  const found = names.filter((n) => TESTS.test(n) && !n.startsWith('.'))
  try {
    for (const n of readdirSync(path.join(dir, testDirectory))) if (TESTS.test(n) && !n.startsWith('.')) found.push(`${testDirectory}/${n}`)
  } catch {
    // no test directory
  }
  return found.sort()
}

/**
 * Why `dir` (as the user wrote it) cannot be analysed as a module directory, or undefined when it can. A
 * directory that holds only test files (and the modules their runs execute) is one when the command reads
 * test files (`tests`), as Terraform 1.12 and later run it (terraform #36429).
 */
export function moduleDirProblem(
  dir: string,
  subcommands: readonly string[] = [],
  opts: {readonly tests?: boolean; readonly testDirectory?: string} = {},
): string | undefined {
  let isDir: boolean
  try {
    isDir = statSync(dir).isDirectory()
  } catch (e) {
    if (osErrorCode(e) !== 'ENOENT') return `Failed to read module directory: ${dir} ${pathFailure(dir, e)}`
    const sub = didYouMean(dir, subcommands)
    return `Failed to read module directory: ${dir} does not exist${sub === undefined ? '' : ` (did you mean the subcommand \"${sub}\"?)`}`
  }
  if (!isDir) {
    const parent = path.dirname(dir)
    return CONFIG.test(dir) || VARIABLES.test(dir)
      ? `${dir} is a file; pass its directory (${parent === '' ? '.' : parent})`
      : `${dir} is not a directory`
  }
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch (e) {
    return `Failed to read module directory: ${dir} ${pathFailure(dir, e)}`
  }
  if (names.some((n) => (CONFIG.test(n) && !n.startsWith('.')) || STACK.test(n))) return undefined
  const tests = testFilesOf(dir, names, opts.testDirectory)
  if (tests.length > 0) {
    if (opts.tests) return undefined
    return `${dir} holds only test files (${tests.slice(0, 3).join(', ')}${tests.length > 3 ? ', …' : ''}) and no configuration files: add --tests to analyse the runs of its test files (terraform test runs such a directory from Terraform 1.12).`
  }
  const vars = names.filter((n) => VARIABLES.test(n)).sort()
  const what =
    vars.length > 0
      ? `only ${vars.slice(0, 3).join(', ')}${vars.length > 3 ? ', …' : ''}`
      : names.length === 0
        ? 'nothing'
        : 'no configuration files'
  return `${dir} is not a module directory: it holds ${what} (no .tf, .tf.json, .tofu or .tofu.json files, and no .tfcomponent.hcl files of a stack). Pass the directory of a root module${vars.length > 0 ? ' (the one these variables are for)' : ''}, or use "tfgraph lint --recursive ${dir}" to find the root modules under it.`
}

/** Why `dir` cannot be searched for root modules (`lint --recursive`), or undefined. */
export function recursiveDirProblem(dir: string): string | undefined {
  try {
    if (statSync(dir).isDirectory()) return undefined
  } catch (e) {
    return `Failed to read directory: ${dir} ${pathFailure(dir, e)}`
  }
  const parent = path.dirname(dir)
  return `${dir} is a file; pass a directory to search (${parent === '' ? '.' : parent})`
}
