// Fixes inside one expression, written from the syntax tree's spans: the interpolation-only string, the
// legacy index and splat, the two-argument lookup and the comparison with an empty list. Each rewrites the
// smallest span it can and keeps what it does not rewrite as written (a sub-expression is copied from the
// file, comments inside it included); where the rewrite would bind differently with what is around it,
// it adds parentheses. A shape it cannot rewrite exactly (a comment between the parts, a strip marker)
// gets no fix.
import {children, type Expr} from '../../hcl/native/ast.js'
import type {Attribute} from '../../hcl/syntax.js'
import type {Change} from './align.js'
import type {Fix} from './fix.js'
import {singleFix, type FixFile} from './source-file.js'

type Of<K extends Expr['k']> = Extract<Expr, {k: K}>

/** The node whose child `target` is, and whether `target` is an object key. */
export function parentOf(root: Expr, target: Expr): {parent: Expr; key: boolean} | undefined {
  const stack: Expr[] = [root]
  while (stack.length > 0) {
    const x = stack.pop()!
    if (x.k === 'object') for (const it of x.items) if (it.key === target) return {parent: x, key: true}
    for (const c of children(x)) {
      if (c === target) return {parent: x, key: false}
      if (c.s <= target.s && c.e >= target.e) stack.push(c)
    }
  }
  return undefined
}

/** Operators that take their operand by precedence: a lower-precedence expression put there needs parentheses. */
const BINDS: ReadonlySet<string> = new Set(['binary', 'unary', 'cond', 'index', 'rel', 'splat', 'for'])
/** Expressions that bind looser than a postfix or an operator. */
const LOOSE: ReadonlySet<string> = new Set(['binary', 'cond', 'unary'])

/** `"${x}"` → `x` (in parentheses as an object key, or where an operator would take it apart). */
export function interpolationFix(file: FixFile, a: Attribute, wrap: Of<'wrap'>): Fix | undefined {
  if (!file.holds(a)) return undefined
  const t = file.text
  const inner = wrap.inner
  if (!/^"\$\{[ \t\r\n]*$/.test(t.slice(wrap.s, inner.s)) || !/^[ \t\r\n]*\}"$/.test(t.slice(inner.e, wrap.e))) return undefined
  if (inner.k === 'tmpl' && inner.heredoc) return undefined
  const innerText = t.slice(inner.s, inner.e)
  const where = parentOf(a.node, wrap)
  const parens = where !== undefined && (where.key || (BINDS.has(where.parent.k) && LOOSE.has(inner.k)))
  const text = parens ? `(${innerText})` : innerText
  return singleFix(file, [{s: wrap.s, e: wrap.e, text}], `Replace "\${${oneLine(innerText)}}" with ${oneLine(text)}`)
}

/** The splats of the attribute written with the attribute-only marker `.*`. */
function legacySplats(file: FixFile, root: Expr): Of<'splat'>[] {
  const out: Of<'splat'>[] = []
  const stack: Expr[] = [root]
  while (stack.length > 0) {
    const x = stack.pop()!
    if (x.k === 'splat') {
      let m: Expr = x.each
      while (m.k === 'rel') m = m.src
      if (m.k === 'anon' && file.text.charCodeAt(m.s) === 46) out.push(x)
    }
    stack.push(...children(x))
  }
  return out
}

/** `x.*` → `x[*]`; in parentheses when what follows the splat applies to its result (`x.*.id[0]` → `(x[*].id)[0]`). */
function splatChanges(file: FixFile, a: Attribute, splat: Of<'splat'>): Change[] | undefined {
  let m: Expr = splat.each
  while (m.k === 'rel') m = m.src
  if (m.k !== 'anon' || !/^\.[ \t]*\*$/.test(file.text.slice(m.s, m.e))) return undefined
  const where = parentOf(a.node, splat)
  const p = where?.parent
  // what is written right after the splat continues a full splat's traversal
  const applied =
    p !== undefined && ((p.k === 'rel' && p.src === splat) || (p.k === 'index' && p.coll === splat) || (p.k === 'splat' && p.src === splat))
  const changes: Change[] = [{s: m.s, e: m.e, text: '[*]'}]
  if (applied) changes.push({s: splat.s, e: splat.s, text: '('}, {s: splat.e, e: splat.e, text: ')'})
  return changes
}

/** `list.0` → `list[0]`, `x.*.id` → `x[*].id` (a `.0` that an attribute-only splat applies is fixed with that splat). */
export function legacyIndexFix(
  file: FixFile,
  a: Attribute,
  span: {readonly s: number; readonly e: number},
  splat: boolean,
): Fix | undefined {
  if (!file.holds(a)) return undefined
  const written = file.text.slice(span.s, span.e)
  if (splat) {
    const node = legacySplats(file, a.node).find((x) => {
      let m: Expr = x.each
      while (m.k === 'rel') m = m.src
      return m.s === span.s
    })
    const changes = node ? splatChanges(file, a, node) : undefined
    return changes ? singleFix(file, changes, `Replace ${written} with [*]`) : undefined
  }
  const key = /^\.[ \t]*(\d+)$/.exec(written)?.[1]
  if (key === undefined) return undefined
  const changes: Change[] = [{s: span.s, e: span.e, text: `[${key}]`}]
  // an attribute-only splat applies the .0 after it to each element; [0] would end that splat
  const around = legacySplats(file, a.node).find((x) => x.each.s <= span.s && span.e <= x.each.e)
  if (around) {
    const more = splatChanges(file, a, around)
    if (!more) return undefined
    changes.push(...more)
  }
  return singleFix(file, changes, `Replace ${written} with [${key}]${around ? ' (and .* with [*])' : ''}`)
}

/**
 * `lookup(m, k)` → `m[k]`, by three small edits — `lookup(` goes, the comma becomes `[`, the closing
 * parenthesis `]` — so the map and the key keep their bytes and their layout: a map written over several
 * lines stays so, a long one-line map stays one line (issue #54; docs/rules/deprecated-lookup.md).
 */
export function lookupFix(file: FixFile, a: Attribute, call: Of<'call'>): Fix | undefined {
  if (!file.holds(a)) return undefined
  const [m, k] = call.args
  if (!m || !k || call.args.length !== 2) return undefined
  const t = file.text
  if (!/^lookup[ \t]*\([ \t\r\n]*$/.test(t.slice(call.s, m.s))) return undefined
  if (!/^[ \t\r\n]*,[ \t\r\n]*$/.test(t.slice(m.e, k.s)) || !/^[ \t\r\n]*,?[ \t\r\n]*\)$/.test(t.slice(k.e, call.e))) return undefined
  const parens = LOOSE.has(m.k)
  const changes: Change[] = [
    {s: call.s, e: m.s, text: parens ? '(' : ''},
    {s: m.e, e: k.s, text: parens ? ')[' : '['},
    {s: k.e, e: call.e, text: ']'},
  ]
  const text = `${parens ? '(' : ''}${t.slice(m.s, m.e)}${parens ? ')' : ''}[${t.slice(k.s, k.e)}]`
  return singleFix(file, changes, `Replace lookup(…) with ${oneLine(text)}`)
}

/** `x == []` → `length(x) == 0` (and `!=`). */
export function emptyListFix(file: FixFile, a: Attribute, cmp: Of<'binary'>): Fix | undefined {
  if (!file.holds(a)) return undefined
  const t = file.text
  if (!/^[ \t\r\n]*(==|!=)[ \t\r\n]*$/.test(t.slice(cmp.left.e, cmp.right.s))) return undefined
  const other = cmp.left.k === 'tuple' && cmp.left.items.length === 0 ? cmp.right : cmp.left
  const empty = other === cmp.left ? cmp.right : cmp.left
  if (!/^\[[ \t\r\n]*\]$/.test(t.slice(empty.s, empty.e))) return undefined
  const text = `length(${t.slice(other.s, other.e)}) ${cmp.op} 0`
  return singleFix(file, [{s: cmp.s, e: cmp.e, text}], `Replace the comparison with ${oneLine(text)}`)
}

/** Text for a title: one line, not too long. */
export function oneLine(s: string): string {
  const flat = s.replace(/\s*\n\s*/g, ' ')
  return flat.length > 60 ? flat.slice(0, 57) + '…' : flat
}
