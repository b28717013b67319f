// What a command needs from its DIR argument: a directory holding configuration files. Checked before
// any analysis so that a typo, a file or a directory of variable files gets one clear line (exit 1),
// not Terraform's plan-time "No configuration files" reported as if it were a finding.
import {readdirSync, statSync} from 'node:fs'
import * as path from 'node:path'
import {didYouMean} from '../diag/name-suggestion.js'

const CONFIG = /\.(tf|tofu)(\.json)?$/
const VARIABLES = /(\.tfvars(\.json)?|\.tftest\.hcl|\.tofutest\.hcl)$/

/** Whether a failed stat or read says `p` is a chain of symbolic links leading back to itself. */
function isLoop(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && e.code === 'ELOOP'
}

const LOOP = 'is a symbolic link loop: following its links leads back to a link already followed'

/** Why `--plugin-dir DIR` cannot be verified (it is not a directory), or undefined. */
export function pluginDirProblem(dir: string): string | undefined {
  try {
    return statSync(dir).isDirectory() ? undefined : `--plugin-dir ${dir} is not a directory`
  } catch (e) {
    return isLoop(e) ? `--plugin-dir ${dir} ${LOOP}` : `--plugin-dir ${dir} does not exist`
  }
}

/** Why `dir` (as the user wrote it) cannot be analysed as a module directory, or undefined when it can. */
export function moduleDirProblem(dir: string, subcommands: readonly string[] = []): string | undefined {
  let isDir: boolean
  try {
    isDir = statSync(dir).isDirectory()
  } catch (e) {
    if (isLoop(e)) return `Failed to read module directory: ${dir} ${LOOP}`
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
  } catch {
    return `Failed to read module directory: ${dir} cannot be read (permission denied)`
  }
  if (names.some((n) => CONFIG.test(n) && !n.startsWith('.'))) return undefined
  const vars = names.filter((n) => VARIABLES.test(n)).sort()
  const what =
    vars.length > 0
      ? `only ${vars.slice(0, 3).join(', ')}${vars.length > 3 ? ', …' : ''}`
      : names.length === 0
        ? 'nothing'
        : 'no configuration files'
  return `${dir} is not a module directory: it holds ${what} (no .tf, .tf.json, .tofu or .tofu.json files). Pass the directory of a root module${vars.length > 0 ? ' (the one these variables are for)' : ''}, or use "tfgraph lint --recursive ${dir}" to find the root modules under it.`
}

/** Why `dir` cannot be searched for root modules (`lint --recursive`), or undefined. */
export function recursiveDirProblem(dir: string): string | undefined {
  try {
    if (statSync(dir).isDirectory()) return undefined
  } catch (e) {
    return `Failed to read directory: ${dir} ${isLoop(e) ? LOOP : 'does not exist'}`
  }
  const parent = path.dirname(dir)
  return `${dir} is a file; pass a directory to search (${parent === '' ? '.' : parent})`
}
