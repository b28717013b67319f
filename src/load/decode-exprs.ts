// What provider validation reads from an attribute's raw text, through the expression tokens of
// src/hcl/expr-tokens.ts (which give each subject the range Terraform gives it): object and tuple
// items, traversals, and OpenTofu's comparison of two for_each expressions.
import type {SourceRange} from '../diag/diagnostic.js'
import {tokenizeExpr, type ExprToken} from '../hcl/expr-tokens.js'
import type {Attribute} from '../hcl/syntax.js'

export function between(a: SourceRange, b: SourceRange): SourceRange {
  return {filename: a.filename, start: a.start, end: b.end}
}

// ---------------------------------------------------------------------------------------------
// Expression tokens (src/hcl/expr-tokens.ts) and the items of object and tuple constructors

export function isJsonFile(r: SourceRange): boolean {
  return r.filename.endsWith('.json')
}

export function exprTokens(a: Attribute): ExprToken[] {
  return tokenizeExpr(a.expr, {start: a.exprRange.start, filename: a.exprRange.filename, json: isJsonFile(a.exprRange)})
}

export function tokensRange(toks: readonly ExprToken[]): SourceRange | undefined {
  const first = toks[0]
  const last = toks[toks.length - 1]
  return first && last ? between(first.range, last.range) : undefined
}

const OPEN: Record<string, string> = {'(': ')', '[': ']', '{': '}'}

/** Items of an object constructor `{ k = v, … }` (or a JSON object); undefined when it is not one. */
export function objectItems(all: readonly ExprToken[]): {key: ExprToken[]; value: ExprToken[]}[] | undefined {
  const toks = all.filter((t, i) => !(t.kind === 'nl' && (i === 0 || i === all.length - 1)))
  const first = toks[0]
  const last = toks[toks.length - 1]
  if (!first || !last || first.text !== '{' || last.text !== '}' || first === last) return undefined
  const body = toks.slice(1, -1)
  const items: {key: ExprToken[]; value: ExprToken[]}[] = []
  let i = 0
  const readUntil = (stop: (t: ExprToken) => boolean): ExprToken[] => {
    const out: ExprToken[] = []
    const stack: string[] = []
    while (i < body.length) {
      const t = body[i]!
      if (stack.length === 0 && stop(t)) break
      if (t.kind === 'punct' && OPEN[t.text]) stack.push(OPEN[t.text]!)
      else if (t.kind === 'punct' && stack[stack.length - 1] === t.text) stack.pop()
      if (t.kind !== 'nl') out.push(t)
      i++
    }
    return out
  }
  while (i < body.length) {
    const t = body[i]!
    if (t.kind === 'nl' || (t.kind === 'punct' && t.text === ',')) {
      i++
      continue
    }
    const key = readUntil((x) => x.kind === 'punct' && (x.text === '=' || x.text === ':'))
    if (i >= body.length) return undefined
    i++ // the `=` / `:`
    const value = readUntil((x) => x.kind === 'nl' || (x.kind === 'punct' && x.text === ','))
    if (key.length === 0 || value.length === 0) return undefined
    items.push({key, value})
  }
  return items
}

/** Items of a tuple constructor `[a, b]`, each as its tokens. */
export function tupleItems(all: readonly ExprToken[]): ExprToken[][] | undefined {
  const toks = all.filter((t) => t.kind !== 'nl')
  if (toks[0]?.text !== '[' || toks[toks.length - 1]?.text !== ']') return undefined
  const items: ExprToken[][] = []
  let cur: ExprToken[] = []
  const stack: string[] = []
  for (const t of toks.slice(1, -1)) {
    if (stack.length === 0 && t.kind === 'punct' && t.text === ',') {
      if (cur.length) items.push(cur)
      cur = []
      continue
    }
    if (t.kind === 'punct' && OPEN[t.text]) stack.push(OPEN[t.text]!)
    else if (t.kind === 'punct' && stack[stack.length - 1] === t.text) stack.pop()
    cur.push(t)
  }
  if (cur.length) items.push(cur)
  return items
}

// ---------------------------------------------------------------------------------------------
// Traversals

interface Step {
  readonly kind: 'attr' | 'index'
  readonly name?: string
  readonly range: SourceRange
}

interface Traversal {
  readonly root: string
  readonly rootRange: SourceRange
  readonly steps: readonly Step[]
  readonly range: SourceRange
}

/** Reads tokens as an absolute traversal (`a.b["k"]`); undefined when they are anything else. */
export function asTraversal(toks: readonly ExprToken[]): Traversal | undefined {
  const root = toks[0]
  if (!root || root.kind !== 'ident') return undefined
  const steps: Step[] = []
  let i = 1
  while (i < toks.length) {
    const t = toks[i]!
    const n = toks[i + 1]
    if (t.kind === 'punct' && t.text === '.' && n && (n.kind === 'ident' || n.kind === 'number')) {
      steps.push(
        n.kind === 'ident'
          ? {kind: 'attr', name: n.text, range: between(t.range, n.range)}
          : {kind: 'index', range: between(t.range, n.range)},
      )
      i += 2
      continue
    }
    const close = toks[i + 2]
    if (
      t.kind === 'punct' &&
      t.text === '[' &&
      n &&
      (n.kind === 'number' || (n.kind === 'string' && n.literal !== undefined)) &&
      close?.text === ']'
    ) {
      steps.push({kind: 'index', range: between(t.range, close.range)})
      i += 3
      continue
    }
    return undefined
  }
  const last = steps[steps.length - 1]
  return {root: root.text, rootRange: root.range, steps, range: last ? between(root.range, last.range) : root.range}
}

// ---------------------------------------------------------------------------------------------
// OpenTofu: provider for_each expressions that match their consumer's for_each

const KEYWORDS = new Set(['true', 'false', 'null', 'for', 'in', 'if'])

/** Best-effort `Variables()` test: does the expression refer to anything? */
function hasReferences(toks: readonly ExprToken[]): boolean {
  const forVars = new Set<string>()
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]!.text !== 'for' || toks[i]!.kind !== 'ident') continue
    for (let j = i + 1; j < toks.length && toks[j]!.text !== 'in'; j++) if (toks[j]!.kind === 'ident') forVars.add(toks[j]!.text)
  }
  return toks.some((t, i) => {
    if (t.kind === 'string' && t.template) return true
    if (t.kind !== 'ident' || KEYWORDS.has(t.text) || forVars.has(t.text)) return false
    const prev = toks[i - 1]
    const next = toks[i + 1]
    if (prev?.text === '.' || next?.text === '(' || next?.text === '=') return false
    return true
  })
}

/** Tokens compared structurally: comments and layout ignored, grouping parentheses dropped. */
function normalizedExpr(toks: readonly ExprToken[]): string[] {
  const list = toks.filter((t) => t.kind !== 'nl')
  const drop = new Set<number>()
  const stack: {index: number; grouping: boolean}[] = []
  list.forEach((t, i) => {
    if (t.kind !== 'punct') return
    if (t.text === '(') stack.push({index: i, grouping: list[i - 1]?.kind !== 'ident'})
    else if (t.text === ')') {
      const open = stack.pop()
      if (open?.grouping) {
        drop.add(open.index)
        drop.add(i)
      }
    }
  })
  return list.flatMap((t, i) => {
    if (drop.has(i)) return []
    if (t.kind === 'number') return [`n:${Number(t.text)}`]
    if (t.kind === 'string' && t.literal !== undefined) return [`s:${t.literal}`]
    return [`${t.kind}:${t.text}`]
  })
}

export function sameForEach(a: Attribute, b: Attribute): boolean {
  const ta = exprTokens(a)
  const tb = exprTokens(b)
  if (!hasReferences(ta) || !hasReferences(tb)) return false
  const na = normalizedExpr(ta)
  const nb = normalizedExpr(tb)
  return na.length === nb.length && na.every((x, i) => x === nb[i])
}
