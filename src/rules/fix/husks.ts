// What fixes leave behind when they remove the last thing in a block (issue #54): a `required_providers`
// block emptied by removing its last entry, then a `terraform` block emptied by that, then a file left with
// nothing. Each is removed — only when the fixes emptied it (one that was already empty was written so),
// only when nothing is inside it, not even a comment — by removing its lines as a user would, every other
// byte kept. Native syntax only (JSON files get no fixes of this kind).
import {parseHclNative} from '../../hcl/native/index.js'
import type {Block} from '../../hcl/syntax.js'
import {FixFile} from './source-file.js'

/** The text after the fixes, without the husks they left; `emptied`: the fixes left the file with nothing. */
export function removeHusks(filename: string, before: string, after: string): {text: string; emptied: boolean} {
  if (filename.endsWith('.json')) return {text: after, emptied: false}
  const wasEmpty = (type: 'required_providers' | 'terraform') => emptyFlags(filename, before, type)
  let text = after
  for (const type of ['required_providers', 'terraform'] as const) {
    const was = wasEmpty(type)
    if (was === undefined) break
    // one husk at a time, the text parsed again after each removal (offsets move)
    for (;;) {
      const now = blocksOf(filename, text, type)
      if (now === undefined || now.length !== was.length) break
      const i = now.findIndex((b, k) => !was[k] && isEmpty(text, b))
      if (i < 0) break
      text = removeBlock(filename, text, now[i]!)
      was.splice(i, 1)
    }
  }
  const emptied = text.trim() === '' && before.trim() !== ''
  return {text: emptied ? '' : text, emptied}
}

/** For each block of this type (terraform blocks, required_providers inside them), whether it is empty. */
function emptyFlags(filename: string, text: string, type: 'required_providers' | 'terraform'): boolean[] | undefined {
  return blocksOf(filename, text, type)?.map((b) => isEmpty(text, b))
}

/** The terraform blocks of a file, or the required_providers blocks inside them, in order; undefined when it does not parse. */
function blocksOf(filename: string, text: string, type: 'required_providers' | 'terraform'): Block[] | undefined {
  const parsed = parseHclNative(text, filename)
  if (parsed.diagnostics.some((d) => d.severity === 'error')) return undefined
  const tf = parsed.file.body.blocks.filter((b) => b.type === 'terraform')
  return type === 'terraform' ? tf : tf.flatMap((b) => b.body.blocks.filter((x) => x.type === 'required_providers'))
}

/** Nothing between the braces but whitespace (a comment is something the user wrote: kept). */
function isEmpty(text: string, b: Block): boolean {
  if (b.body.attributes.length > 0 || b.body.blocks.length > 0) return false
  const file = new FixFile('', text)
  return /^\s*\{\s*\}$/.test(text.slice(file.offset(b.declRange.end), file.offset(b.range.end)))
}

/** The text without the block: its lines when it is alone on them (with a blank line that would be left over), else the block and the spaces after it. */
function removeBlock(filename: string, text: string, b: Block): string {
  const file = new FixFile(filename, text)
  const s = file.offset(b.range.start)
  const e = file.offset(b.range.end)
  const c = file.removal(s, e)
  return text.slice(0, c.s) + c.text + text.slice(c.e)
}
