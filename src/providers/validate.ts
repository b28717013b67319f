// Terraform's and OpenTofu's static provider-configuration validation over a crawled module tree
// (REFERENCE §a.4): `validateProviderConfigs` checks 1–11 (OpenTofu also check 4, instance keys),
// preceded by the decode-time checks of provider blocks, `provider` references, `providers` maps,
// required_providers names and module-call meta-arguments, and the tree-building checks of child
// modules (backend/cloud ignored, OpenTofu's import blocks). Texts follow `tree.engine`.
//
// The model keeps a `providers` map as one attribute (raw text + range), so the map, its keys and
// values are re-read here from the raw text with a small HCL expression tokenizer that tracks
// line, column and byte, giving each subject the range Terraform gives it.
import {impliedLocalName, localNameProblem, parseProviderPart, providerForDisplay, providerString, type Provider} from '../addrs/provider.js'
import type {Diagnostic, Pos, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../diag/diagnostic.js'
import type {ModuleNode, ModuleTree} from '../graph/crawl.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import {engineByName, type Engine} from '../load/engine.js'
import type {Module, ResourceMode} from '../load/model.js'
import {localNames} from './local-names.js'
import {advancePos, subRange} from '../diag/positions.js'

// ---------------------------------------------------------------------------------------------
// Positions inside raw expression text

export {advancePos, subRange} from '../diag/positions.js'

function between(a: SourceRange, b: SourceRange): SourceRange {
  return {filename: a.filename, start: a.start, end: b.end}
}

// ---------------------------------------------------------------------------------------------
// A small tokenizer for HCL native expressions (and JSON values)

type TokKind = 'ident' | 'number' | 'string' | 'heredoc' | 'punct' | 'nl'

interface Tok {
  readonly kind: TokKind
  readonly text: string
  readonly range: SourceRange
  /** Strings: the value when there is no interpolation. */
  readonly literal?: string
  /** Strings that are exactly one `${…}`: the tokens inside. */
  readonly wrapped?: readonly Tok[]
  /** Strings with interpolation or directives. */
  readonly template?: boolean
}

const PUNCT3 = ['...']
const PUNCT2 = ['==', '!=', '<=', '>=', '&&', '||', '=>', '::']
const ID_START = /[\p{ID_Start}_]/u
const ID_CONTINUE = /[\p{ID_Continue}-]/u

class Cursor {
  i = 0
  private line: number
  private column: number
  private byte: number
  constructor(
    readonly text: string,
    start: Pos,
  ) {
    this.line = start.line
    this.column = start.column
    this.byte = start.byte
  }
  get done(): boolean {
    return this.i >= this.text.length
  }
  peek(n = 0): string {
    return this.text[this.i + n] ?? ''
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.i)
  }
  pos(): Pos {
    return {line: this.line, column: this.column, byte: this.byte}
  }
  next(): void {
    const cp = this.text.codePointAt(this.i)
    if (cp === undefined) return
    const len = cp > 0xffff ? 2 : 1
    this.byte += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    if (cp === 10) {
      this.line++
      this.column = 1
    } else if (cp !== 13) this.column++
    this.i += len
  }
  skip(n: number): void {
    for (let k = 0; k < n && !this.done; k++) this.next()
  }
  range(start: Pos, filename: string): SourceRange {
    return {filename, start, end: this.pos()}
  }
}

function unescape(s: string): string {
  return s
    .replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/gs, (_m, e: string) => {
      switch (e[0]) {
        case 'n':
          return '\n'
        case 'r':
          return '\r'
        case 't':
          return '\t'
        case 'u':
        case 'U':
          return String.fromCodePoint(parseInt(e.slice(1), 16))
        default:
          return e
      }
    })
    .replace(/\$\$\{/g, '${')
    .replace(/%%\{/g, '%{')
}

/** Skips a balanced `${…}` / `%{…}` body (the cursor is just after the `{`), nested strings included. */
function skipTemplateBody(c: Cursor): void {
  let depth = 1
  while (!c.done && depth > 0) {
    const ch = c.peek()
    if (ch === '"') {
      scanString(c)
      continue
    }
    if (ch === '{') depth++
    else if (ch === '}') depth--
    c.next()
  }
}

interface ScannedString {
  template: boolean
  /** Index range and start position of the single interpolation when the string is exactly `"${…}"`. */
  wrapped?: {from: number; to: number; start: Pos}
}

/** Scans a quoted string starting at `"`; leaves the cursor after the closing quote. */
function scanString(c: Cursor): ScannedString {
  const open = c.i
  c.next()
  let template = false
  let interpolations = 0
  let wrapped: {from: number; to: number; start: Pos} | undefined
  while (!c.done) {
    const ch = c.peek()
    if (ch === '\\') {
      c.skip(2)
      continue
    }
    if (ch === '"') {
      c.next()
      break
    }
    if (ch === '\n') break
    if ((ch === '$' || ch === '%') && c.peek(1) === ch && c.peek(2) === '{') {
      c.skip(3)
      continue
    }
    if ((ch === '$' || ch === '%') && c.peek(1) === '{') {
      template = true
      interpolations++
      const at = c.i
      c.skip(2)
      const innerStart = c.pos()
      const innerFrom = c.i
      skipTemplateBody(c)
      if (ch === '$' && at === open + 1 && c.peek() === '"') wrapped = {from: innerFrom, to: c.i - 1, start: innerStart}
      continue
    }
    c.next()
  }
  return {template, ...(wrapped && interpolations === 1 ? {wrapped} : {})}
}

function tokenize(text: string, start: Pos, filename: string, json = false): Tok[] {
  const c = new Cursor(text, start)
  const out: Tok[] = []
  while (!c.done) {
    const ch = c.peek()
    const from = c.i
    const p = c.pos()
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      c.next()
      continue
    }
    if (ch === '\n') {
      c.next()
      out.push({kind: 'nl', text: '\n', range: c.range(p, filename)})
      continue
    }
    if (ch === '#' || c.startsWith('//')) {
      while (!c.done && c.peek() !== '\n') c.next()
      continue
    }
    if (c.startsWith('/*')) {
      c.skip(2)
      while (!c.done && !c.startsWith('*/')) c.next()
      c.skip(2)
      continue
    }
    if (ch === '"') {
      const s = scanString(c)
      const raw = text.slice(from, c.i)
      let literal: string | undefined
      if (json) {
        try {
          const v: unknown = JSON.parse(raw)
          if (typeof v === 'string') literal = v
        } catch {
          literal = undefined
        }
      } else if (!s.template) literal = unescape(raw.slice(1, raw.endsWith('"') && raw.length > 1 ? -1 : undefined))
      const wrapped = !json && s.wrapped ? tokenize(text.slice(s.wrapped.from, s.wrapped.to), s.wrapped.start, filename) : undefined
      out.push({kind: 'string', text: raw, range: c.range(p, filename), ...(literal !== undefined ? {literal} : {}), ...(wrapped ? {wrapped} : {}), template: s.template})
      continue
    }
    if (c.startsWith('<<')) {
      const m = /^<<-?([\p{ID_Start}_][\p{ID_Continue}-]*)[ \t]*\r?\n/u.exec(text.slice(c.i))
      if (m) {
        const marker = m[1] ?? ''
        c.skip(m[0].length)
        while (!c.done) {
          let eol = text.indexOf('\n', c.i)
          if (eol < 0) eol = text.length
          const line = text.slice(c.i, eol)
          if (line.trim() === marker) {
            c.skip(line.length)
            break
          }
          c.skip(eol - c.i + 1)
        }
        out.push({kind: 'heredoc', text: text.slice(from, c.i), range: c.range(p, filename), template: true})
        continue
      }
    }
    if (/[0-9]/.test(ch)) {
      const m = /^[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(c.i))
      c.skip(m?.[0].length ?? 1)
      out.push({kind: 'number', text: text.slice(from, c.i), range: c.range(p, filename)})
      continue
    }
    const cp = String.fromCodePoint(text.codePointAt(c.i) ?? 0)
    if (ID_START.test(cp)) {
      c.next()
      while (!c.done) {
        const n = String.fromCodePoint(text.codePointAt(c.i) ?? 0)
        if (!ID_CONTINUE.test(n)) break
        c.next()
      }
      out.push({kind: 'ident', text: text.slice(from, c.i), range: c.range(p, filename)})
      continue
    }
    const op = PUNCT3.find((o) => c.startsWith(o)) ?? PUNCT2.find((o) => c.startsWith(o)) ?? cp
    c.skip(op === cp ? 1 : op.length)
    out.push({kind: 'punct', text: op, range: c.range(p, filename)})
  }
  return out
}

function isJsonFile(r: SourceRange): boolean {
  return r.filename.endsWith('.json')
}

function exprTokens(a: Attribute): Tok[] {
  return tokenize(a.expr, a.exprRange.start, a.exprRange.filename, isJsonFile(a.exprRange))
}

function tokensRange(toks: readonly Tok[]): SourceRange | undefined {
  const first = toks[0]
  const last = toks[toks.length - 1]
  return first && last ? between(first.range, last.range) : undefined
}

const OPEN: Record<string, string> = {'(': ')', '[': ']', '{': '}'}

/** Items of an object constructor `{ k = v, … }` (or a JSON object); undefined when it is not one. */
function objectItems(all: readonly Tok[]): {key: Tok[]; value: Tok[]}[] | undefined {
  const toks = all.filter((t, i) => !(t.kind === 'nl' && (i === 0 || i === all.length - 1)))
  const first = toks[0]
  const last = toks[toks.length - 1]
  if (!first || !last || first.text !== '{' || last.text !== '}' || first === last) return undefined
  const body = toks.slice(1, -1)
  const items: {key: Tok[]; value: Tok[]}[] = []
  let i = 0
  const readUntil = (stop: (t: Tok) => boolean): Tok[] => {
    const out: Tok[] = []
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
function tupleItems(all: readonly Tok[]): Tok[][] | undefined {
  const toks = all.filter((t) => t.kind !== 'nl')
  if (toks[0]?.text !== '[' || toks[toks.length - 1]?.text !== ']') return undefined
  const items: Tok[][] = []
  let cur: Tok[] = []
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
// Traversals and provider configuration references

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
function asTraversal(toks: readonly Tok[]): Traversal | undefined {
  const root = toks[0]
  if (!root || root.kind !== 'ident') return undefined
  const steps: Step[] = []
  let i = 1
  while (i < toks.length) {
    const t = toks[i]!
    const n = toks[i + 1]
    if (t.kind === 'punct' && t.text === '.' && n && (n.kind === 'ident' || n.kind === 'number')) {
      steps.push(n.kind === 'ident' ? {kind: 'attr', name: n.text, range: between(t.range, n.range)} : {kind: 'index', range: between(t.range, n.range)})
      i += 2
      continue
    }
    const close = toks[i + 2]
    if (t.kind === 'punct' && t.text === '[' && n && (n.kind === 'number' || (n.kind === 'string' && n.literal !== undefined)) && close?.text === ']') {
      steps.push({kind: 'index', range: between(t.range, close.range)})
      i += 3
      continue
    }
    return undefined
  }
  const last = steps[steps.length - 1]
  return {root: root.text, rootRange: root.range, steps, range: last ? between(root.range, last.range) : root.range}
}

interface ConfigRef {
  readonly name: string
  readonly nameRange: SourceRange
  readonly alias?: string
  /** OpenTofu instance key: the range Terraform reports for it. */
  readonly keyRange?: SourceRange
  readonly range: SourceRange
}

function refString(r: {name: string; alias?: string}): string {
  return r.alias ? `${r.name}.${r.alias}` : r.name
}

interface RefContext {
  readonly engine: Engine
  readonly argName: 'provider' | 'providers'
  readonly json: boolean
  /** Emit "Quoted references are deprecated" for quoted strings (resource `provider` arguments get it from resolve.ts). */
  readonly warnQuoted: boolean
}

/** Finds the last top-level `[ … ]` whose content is not a single literal: OpenTofu's `name.alias[expr]`. */
function splitIndexExpr(toks: readonly Tok[]): {collection: Tok[]; key: Tok[]; keyRange: SourceRange} | undefined {
  const last = toks[toks.length - 1]
  if (!last || last.text !== ']') return undefined
  let depth = 0
  for (let i = toks.length - 1; i >= 0; i--) {
    const t = toks[i]!
    if (t.kind !== 'punct') continue
    if (t.text === ']' || t.text === ')' || t.text === '}') depth++
    else if (t.text === '[' || t.text === '(' || t.text === '{') {
      depth--
      if (depth === 0) {
        if (t.text !== '[' || i === 0) return undefined
        const key = toks.slice(i + 1, -1)
        const single = key.length === 1 && (key[0]!.kind === 'number' || (key[0]!.kind === 'string' && key[0]!.literal !== undefined))
        const r = tokensRange(key)
        if (single || !r) return undefined
        return {collection: toks.slice(0, i), key, keyRange: r}
      }
    }
  }
  return undefined
}

/** `decodeProviderConfigRef`: a provider configuration reference in a `provider` argument or a `providers` map. */
function decodeConfigRef(input: readonly Tok[], ctx: RefContext, diags: Diagnostic[]): ConfigRef | undefined {
  const {engine} = ctx
  let toks: readonly Tok[] = input.filter((t) => t.kind !== 'nl')
  const whole = tokensRange(toks)
  if (!whole) return undefined
  const tofu = engine.name === 'opentofu'
  const genericDetail = `The ${ctx.argName} argument requires a provider type name, optionally followed by a period and then a configuration alias${tofu ? ' and optional instance key' : ''}.`
  let maxLen = tofu ? 3 : 2
  let keyRange: SourceRange | undefined
  let quotedTemplate = false
  let exprRange = whole

  const single = toks.length === 1 ? toks[0] : undefined
  if (ctx.json) {
    // JSON: the string's content is a traversal, positioned from the string token's start (its quote), as HCL does.
    if (!single || single.kind !== 'string' || single.literal === undefined) {
      diags.push(errorDiag('Invalid provider configuration reference', genericDetail, whole))
      return undefined
    }
    toks = tokenize(single.literal, single.range.start, single.range.filename)
  }
  if (tofu) {
    const ix = splitIndexExpr(toks)
    if (ix) {
      maxLen = 2
      keyRange = ix.keyRange
      toks = ix.collection
      exprRange = tokensRange(toks) ?? whole
    }
  }
  const str = toks.length === 1 && toks[0]!.kind === 'string' ? toks[0]! : undefined
  if (str && !ctx.json) {
    if (str.wrapped) toks = str.wrapped
    else if (str.literal !== undefined) {
      if (ctx.warnQuoted) {
        diags.push(
          warningDiag(
            'Quoted references are deprecated',
            `In this context, references are expected literally rather than in quotes. ${engine.product} 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of ${engine.product}. Remove the quotes surrounding this reference to silence this warning.`,
            str.range,
          ),
        )
      }
      toks = tokenize(str.literal, advancePos(str.range.start, '"'), str.range.filename)
    } else quotedTemplate = true
  }
  const trav = quotedTemplate ? undefined : asTraversal(toks)
  if (!trav || trav.steps.length + 1 > maxLen) {
    if (quotedTemplate) diags.push(errorDiag('Invalid provider configuration reference', 'A provider configuration reference must not be given in quotes.', exprRange))
    else diags.push(errorDiag('Invalid provider configuration reference', genericDetail, exprRange))
    return undefined
  }
  const problem = localNameProblem(trav.root)
  if (problem) {
    diags.push(errorDiag('Invalid provider local name', problem, trav.rootRange))
    return undefined
  }
  const aliasStep = trav.steps[0]
  if (aliasStep && aliasStep.kind !== 'attr') {
    diags.push(errorDiag('Invalid provider configuration reference', 'Provider name must either stand alone or be followed by a period and then a configuration alias.', aliasStep.range))
    return {name: trav.root, nameRange: trav.rootRange, range: trav.range}
  }
  const alias = aliasStep?.name
  const keyStep = trav.steps[1]
  if (keyStep) {
    if (keyStep.kind !== 'index') {
      diags.push(errorDiag('Invalid provider configuration reference', 'Provider name must either stand alone or be followed by a period and then a configuration alias.', keyStep.range))
      return {name: trav.root, nameRange: trav.rootRange, ...(alias ? {alias} : {}), range: trav.range}
    }
    keyRange = trav.range
  }
  if (tofu && !alias && keyRange) {
    diags.push(errorDiag('Invalid provider configuration reference', 'Provider assignment requires an alias when specifying an instance key, in the form of provider.name[instance_key]', trav.range))
  }
  return {name: trav.root, nameRange: trav.rootRange, ...(alias ? {alias} : {}), ...(keyRange ? {keyRange} : {}), range: trav.range}
}

// ---------------------------------------------------------------------------------------------
// Decoding one module (once per loaded module)

interface ProviderBlockInfo {
  readonly block: Block
  readonly name: string
  readonly alias?: string
  /** `name` or `name.alias`. */
  readonly key: string
  /** Has a body beyond the meta-arguments, or a `version`. */
  readonly configured: boolean
  readonly forEach?: Attribute
}

interface RequirementInfo {
  readonly name: string
  readonly type: Provider
  readonly range: SourceRange
  /** configuration_aliases as `name.alias`. */
  readonly aliases: readonly string[]
}

interface ResourceInfo {
  readonly mode: ResourceMode
  readonly type: string
  readonly name: string
  readonly block: Block
  /** The decoded `provider` argument (undefined when absent or invalid). */
  readonly ref?: ConfigRef
  readonly forEach?: Attribute
}

interface PassedProvider {
  readonly inChild: ConfigRef
  readonly inParent: ConfigRef
}

type MetaArgument = 'count' | 'for_each' | 'enabled' | 'depends_on'

interface CallInfo {
  readonly name: string
  readonly block: Block
  readonly providers: readonly PassedProvider[]
  /** The meta-argument that forbids provider configurations below this call, and its subject. */
  readonly restriction?: {readonly meta: MetaArgument; readonly range: SourceRange}
  readonly forEach?: Attribute
}

interface DecodedModule {
  readonly providers: readonly ProviderBlockInfo[]
  readonly requirements: readonly RequirementInfo[]
  readonly resources: readonly ResourceInfo[]
  readonly calls: ReadonlyMap<string, CallInfo>
  readonly diagnostics: readonly Diagnostic[]
}

function attr(b: Block, name: string): Attribute | undefined {
  return b.body.attributes.find((a) => a.name === name)
}

function literal(a: Attribute | undefined): string | undefined {
  return typeof a?.value === 'string' && !a.value.includes('${') ? a.value : undefined
}

const VALID_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u
const BAD_IDENTIFIER = 'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.'

function decodeProviderBlock(b: Block, engine: Engine, diags: Diagnostic[]): ProviderBlockInfo | undefined {
  const name = b.labels[0]?.value ?? ''
  const problem = localNameProblem(name)
  if (problem) {
    diags.push(errorDiag('Invalid provider local name', problem, b.declRange))
    return undefined
  }
  const aliasAttr = attr(b, 'alias')
  const alias = literal(aliasAttr)
  if (alias !== undefined && !VALID_IDENTIFIER.test(alias)) {
    diags.push(errorDiag('Invalid provider configuration alias', `An alias must be a valid name. ${BAD_IDENTIFIER}`))
  }
  const tofu = engine.name === 'opentofu'
  const forEach = attr(b, 'for_each')
  if (tofu && forEach && !alias) {
    diags.push(errorDiag('Alias required when using "for_each"', 'The for_each argument is allowed only for provider configurations with an alias.', forEach.exprRange))
  }
  for (const reserved of tofu ? ['count', 'depends_on', 'source'] : ['count', 'depends_on', 'for_each', 'source']) {
    const a = attr(b, reserved)
    if (a) diags.push(errorDiag('Reserved argument name in provider block', `The provider argument name ${JSON.stringify(reserved)} is reserved for use by ${engine.product} in a future version.`, a.nameRange))
  }
  let escape: Block | undefined
  let configured = literal(attr(b, 'version')) !== undefined
  const META = new Set(['alias', 'version', 'count', 'depends_on', 'for_each', 'source', '//'])
  if (b.body.attributes.some((a) => !META.has(a.name))) configured = true
  for (const nb of b.body.blocks) {
    if (nb.type === '_') {
      if (escape) {
        diags.push(
          errorDiag(
            'Duplicate escaping block',
            `The special block type "_" can be used to force particular arguments to be interpreted as provider-specific rather than as meta-arguments, but each provider block can have only one such block. The first escaping block was at ${formatRange(escape.declRange)}.`,
            nb.declRange,
          ),
        )
        continue
      }
      escape = nb
      if (nb.body.attributes.length > 0 || nb.body.blocks.length > 0) configured = true
    } else if (nb.type === 'lifecycle' || nb.type === 'locals') {
      diags.push(errorDiag('Reserved block type name in provider block', `The block type name ${JSON.stringify(nb.type)} is reserved for use by ${engine.product} in a future version.`, nb.typeRange))
    } else configured = true
  }
  return {block: b, name, ...(alias ? {alias} : {}), key: alias ? `${name}.${alias}` : name, configured, ...(forEach ? {forEach} : {})}
}

function decodeRequirements(m: Module, engine: Engine, diags: Diagnostic[]): RequirementInfo[] {
  const names = localNames(m, engine)
  const out: RequirementInfo[] = []
  for (const [name, a] of m.requiredProviders) {
    if (typeof a.value === 'string') {
      // A legacy version-only entry; an expression here is not a static value (reported by the loader, if at all).
      if (a.value.includes('${')) continue
      const part = parseProviderPart(name)
      if ('error' in part) {
        diags.push(errorDiag('Invalid provider name', part.error, a.exprRange))
        continue
      }
      out.push({name, type: impliedForType(part.part, engine), range: a.exprRange, aliases: []})
      continue
    }
    const problem = localNameProblem(name)
    if (problem) {
      diags.push(errorDiag('Invalid provider local name', problem, a.exprRange))
      continue
    }
    const req = names.requirements.get(name)
    if (!req) continue
    const aliases = req.aliases.filter((x) => {
      const dot = x.indexOf('.')
      return dot > 0 && x.slice(0, dot) === name && VALID_IDENTIFIER.test(x.slice(dot + 1))
    })
    out.push({name, type: req.provider, range: a.exprRange, aliases})
  }
  return out
}

function decodeProvidersMap(a: Attribute, engine: Engine, diags: Diagnostic[]): PassedProvider[] {
  const json = isJsonFile(a.exprRange)
  const items = objectItems(exprTokens(a))
  if (!items) {
    diags.push(errorDiag('Invalid expression', 'A static map expression is required.', a.exprRange))
    return []
  }
  const out: PassedProvider[] = []
  const seen = new Map<string, SourceRange>()
  for (const item of items) {
    const ctx: RefContext = {engine, argName: 'providers', json, warnQuoted: true}
    const local: Diagnostic[] = []
    const inChild = decodeConfigRef(item.key, ctx, local)
    const inParent = decodeConfigRef(item.value, ctx, local)
    diags.push(...local)
    if (!inChild || !inParent || local.some((d) => d.severity === 'error')) continue
    const key = refString(inChild)
    const valueRange = tokensRange(item.value)!
    const prev = seen.get(key)
    if (prev) {
      diags.push(
        errorDiag('Duplicate provider address', `A provider configuration was already passed to ${key} at ${formatRange(prev)}. Each child provider configuration can be assigned only once.`, valueRange),
      )
      continue
    }
    seen.set(key, between(tokensRange(item.key)!, valueRange))
    out.push({inChild, inParent})
  }
  return out
}

function decodeCall(name: string, b: Block, engine: Engine, diags: Diagnostic[]): CallInfo {
  const tofu = engine.name === 'opentofu'
  const count = attr(b, 'count')
  const forEach = attr(b, 'for_each')
  const lifecycle = tofu ? b.body.blocks.find((x) => x.type === 'lifecycle') : undefined
  const enabled = lifecycle ? attr(lifecycle, 'enabled') : undefined
  if (!tofu) {
    if (count && forEach) {
      diags.push(
        errorDiag(
          'Invalid combination of "count" and "for_each"',
          'The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.',
          forEach.nameRange,
        ),
      )
    }
  } else {
    const present = (
      [
        ['"count"', count],
        ['"enabled"', enabled],
        ['"for_each"', forEach],
      ] as const
    ).flatMap(([label, a]) => (a ? [{label, range: a.nameRange}] : []))
    if (present.length >= 2) {
      const labels = present.map((p) => p.label)
      const msg = labels.length >= 3 ? [...labels.slice(0, -1), `and ${labels[labels.length - 1]}`].join(', ') : labels.join(' and ')
      const sorted = [...present].sort((x, y) => x.range.start.byte - y.range.start.byte)
      diags.push(
        errorDiag(
          `Invalid combination of ${msg}`,
          `The ${msg} meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of module instances to be created.`,
          between(sorted[0]!.range, sorted[sorted.length - 1]!.range),
        ),
      )
    }
  }
  const providersAttr = attr(b, 'providers')
  const providers = providersAttr ? decodeProvidersMap(providersAttr, engine, diags) : []
  let restriction: CallInfo['restriction']
  if (count) restriction = {meta: 'count', range: count.exprRange}
  else if (forEach) restriction = {meta: 'for_each', range: forEach.exprRange}
  else if (enabled) restriction = {meta: 'enabled', range: enabled.exprRange}
  else {
    const dependsOn = attr(b, 'depends_on')
    if (dependsOn) {
      const json = isJsonFile(dependsOn.exprRange)
      for (const item of tupleItems(exprTokens(dependsOn)) ?? []) {
        const r = json ? (item.length === 1 && item[0]!.kind === 'string' ? item[0]!.range : undefined) : asTraversal(item)?.range
        if (r) {
          restriction = {meta: 'depends_on', range: r}
          break
        }
      }
    }
  }
  return {name, block: b, providers, ...(restriction ? {restriction} : {}), ...(forEach ? {forEach} : {})}
}

function decodeModule(m: Module, engine: Engine): DecodedModule {
  const diags: Diagnostic[] = []
  const providers: ProviderBlockInfo[] = []
  for (const b of m.providerConfigs.values()) {
    const p = decodeProviderBlock(b, engine, diags)
    if (p) providers.push(p)
  }
  for (const b of m.providerMetas.values()) {
    const problem = localNameProblem(b.labels[0]?.value ?? '')
    if (problem) diags.push(errorDiag('Invalid provider local name', problem, b.declRange))
  }
  const requirements = decodeRequirements(m, engine, diags)
  const resources: ResourceInfo[] = []
  const groups: [ResourceMode, ReadonlyMap<string, Block>][] = [
    ['managed', m.managedResources],
    ['data', m.dataResources],
    ['ephemeral', m.ephemeralResources],
  ]
  for (const [mode, map] of groups) {
    for (const b of map.values()) {
      const p = attr(b, 'provider')
      const ref = p ? decodeConfigRef(exprTokens(p), {engine, argName: 'provider', json: isJsonFile(p.exprRange), warnQuoted: false}, diags) : undefined
      const forEach = attr(b, 'for_each')
      resources.push({mode, type: b.labels[0]?.value ?? '', name: b.labels[1]?.value ?? '', block: b, ...(ref ? {ref} : {}), ...(forEach ? {forEach} : {})})
    }
  }
  const calls = new Map<string, CallInfo>()
  for (const name of [...m.moduleCalls.keys()].sort()) calls.set(name, decodeCall(name, m.moduleCalls.get(name)!, engine, diags))
  return {providers, requirements, resources, calls, diagnostics: diags}
}

// ---------------------------------------------------------------------------------------------
// OpenTofu: provider for_each expressions that match their consumer's for_each

const KEYWORDS = new Set(['true', 'false', 'null', 'for', 'in', 'if'])

/** Best-effort `Variables()` test: does the expression refer to anything? */
function hasReferences(toks: readonly Tok[]): boolean {
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
function normalizedExpr(toks: readonly Tok[]): string[] {
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

function sameForEach(a: Attribute, b: Attribute): boolean {
  const ta = exprTokens(a)
  const tb = exprTokens(b)
  if (!hasReferences(ta) || !hasReferences(tb)) return false
  const na = normalizedExpr(ta)
  const nb = normalizedExpr(tb)
  return na.length === nb.length && na.every((x, i) => x === nb[i])
}

// ---------------------------------------------------------------------------------------------
// validateProviderConfigs

function defaultProvider(name: string, engine: Engine): Provider {
  return {host: engine.defaultRegistryHost, namespace: 'hashicorp', type: name.toLowerCase()}
}

function impliedForType(name: string, engine: Engine): Provider {
  if (name === 'terraform') return {host: 'terraform.io', namespace: 'builtin', type: 'terraform'}
  return defaultProvider(name, engine)
}

function sameProvider(a: Provider, b: Provider): boolean {
  return providerString(a) === providerString(b)
}

function isDefaultProvider(p: Provider, engine: Engine): boolean {
  return p.host === engine.defaultRegistryHost && p.namespace === 'hashicorp'
}

function moduleText(n: ModuleNode): string {
  return n.address === '' ? 'the root module' : n.address
}

function resourceAddr(r: ResourceInfo): string {
  return `${r.mode === 'data' ? 'data.' : r.mode === 'ephemeral' ? 'ephemeral.' : ''}${r.type}.${r.name}`
}

function q(s: string): string {
  return JSON.stringify(s)
}

interface Ctx {
  readonly engine: Engine
  readonly decoded: (m: Module) => DecodedModule
  /** Provider types were resolved (Terraform skips that step when building the tree failed). */
  readonly typesResolved: boolean
}

type Restriction = {readonly meta: MetaArgument; readonly range: SourceRange; readonly call: string} | undefined

function byAddress(a: ModuleNode, b: ModuleNode): number {
  return a.address < b.address ? -1 : a.address > b.address ? 1 : 0
}

/**
 * Validates a subtree children first (in order of address), then the node itself, without recursion:
 * a chain of modules can be as deep as --max-depth allows, far deeper than the JavaScript stack.
 */
function validateNode(ctx: Ctx, root: ModuleNode, rootRestriction: Restriction, out: Diagnostic[], modules: Map<Diagnostic, string>): void {
  const stack: {node: ModuleNode; restriction: Restriction; expanded: boolean}[] = [{node: root, restriction: rootRestriction, expanded: false}]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    const m = top.node.module
    if (!m) {
      stack.pop()
      continue
    }
    if (top.expanded) {
      stack.pop()
      const from = out.length
      validateOne(ctx, top.node, top.restriction, out)
      for (let i = from; i < out.length; i++) modules.set(out[i]!, top.node.address)
      continue
    }
    top.expanded = true
    const d = ctx.decoded(m)
    const children = [...top.node.children].sort(byAddress).filter((c) => c.module)
    for (const child of children.reverse()) {
      const name = child.path[child.path.length - 1] ?? ''
      const call = d.calls.get(name)
      stack.push({node: child, restriction: call?.restriction ? {...call.restriction, call: name} : top.restriction, expanded: false})
    }
  }
}

/** The checks of one module (its children already validated). */
function validateOne(ctx: Ctx, node: ModuleNode, restriction: Restriction, out: Diagnostic[]): void {
  const m = node.module
  if (!m) return
  const {engine} = ctx
  const tofu = engine.name === 'opentofu'
  const d = ctx.decoded(m)
  const product = engine.product
  const display = (p: Provider): string => providerForDisplay(p, engine.defaultRegistryHost)

  const configured = new Map<string, ProviderBlockInfo>()
  const emptyConfigs = new Map<string, ProviderBlockInfo>()
  const instanced = new Map<string, Attribute>()
  for (const p of d.providers) {
    if (p.configured) configured.set(p.key, p)
    else emptyConfigs.set(p.key, p)
    if (tofu && p.forEach) instanced.set(p.key, p.forEach)
  }

  // 1–2. duplicate requirements
  const localNamesMap = new Map<string, Provider>()
  const configAliases = new Map<string, Provider>()
  for (const req of d.requirements) {
    const prev = [...localNamesMap].find(([, t]) => sameProvider(t, req.type))
    if (prev) {
      out.push(
        warningDiag(
          'Duplicate required provider',
          `Provider ${display(req.type)} with the local name ${q(req.name)} was previously required as ${q(prev[0])}. A provider can only be required once within required_providers.`,
          req.range,
        ),
      )
    } else if (isDefaultProvider(req.type, engine)) {
      const implied = req.type.type
      if (req.name !== implied && d.providers.some((p) => p.name === implied)) {
        out.push(
          warningDiag(
            'Duplicate required provider',
            `Provider ${display(req.type)} with the local name ${q(req.name)} was implicitly required via a configuration block as ${q(implied)}. The provider configuration block name must match the name used in required_providers.`,
            req.range,
          ),
        )
      }
    }
    localNamesMap.set(req.name, req.type)
    for (const a of req.aliases) configAliases.set(a, req.type)
  }

  // 3. implied provider local names of resources
  for (const r of d.resources) {
    if (r.ref || (r.mode === 'ephemeral' && !tofu)) continue
    const localName = impliedLocalName(r.type)
    const part = parseProviderPart(localName)
    if ('error' in part) {
      out.push(errorDiag('Invalid provider local name', `${q(localName)} is an invalid implied provider local name: ${part.error}`, r.block.declRange))
      continue
    }
    if (localNamesMap.has(localName)) continue
    const defAddr = impliedForType(localName, engine)
    for (const [prevName, addr] of localNamesMap) {
      if (!sameProvider(addr, defAddr)) continue
      out.push(
        warningDiag(
          'Duplicate required provider',
          `Provider ${q(providerString(defAddr))} was implicitly required via resource ${q(resourceAddr(r))}, but listed in required_providers as ${q(prevName)}. Either the local name in required_providers must match the resource name, or the ${q(prevName)} provider must be assigned within the resource block.`,
          r.block.declRange,
        ),
      )
    }
  }

  const parentCall = node.parent?.module ? ctx.decoded(node.parent.module).calls.get(node.path[node.path.length - 1] ?? '') : undefined
  const passedIn = new Map<string, PassedProvider>()
  for (const p of parentCall?.providers ?? []) passedIn.set(refString(p.inChild), p)
  const parentModuleText = node.parent ? moduleText(node.parent) : 'the root module'
  const modText = moduleText(node)

  // 4. (OpenTofu) instance keys on provider references
  if (tofu) {
    const instanceValidation = (ref: ConfigRef, blockType: 'module' | 'resource'): void => {
      const pn = refString(ref)
      const isInstanced = instanced.has(pn)
      const summary = `Invalid ${blockType} provider configuration`
      if (ref.keyRange) {
        if (!ref.alias) out.push(errorDiag(summary, 'An instance key can be specified only for a provider configuration which has an alias and uses for_each.', ref.keyRange))
        else if (!isInstanced) {
          if (!configured.has(pn)) out.push(errorDiag(summary, `This module doesn't declare a provider ${q(ref.name)} block with alias = ${q(ref.alias)}, which is required for use with for_each.`, ref.nameRange))
          else out.push(errorDiag(summary, 'An instance key can be specified only for a provider configuration that uses for_each.', ref.keyRange))
        }
      } else if (isInstanced) {
        out.push(errorDiag(summary, 'A reference to a provider configuration which uses for_each requires an instance key. Passing a collection of provider instances into a child module is not allowed.', ref.nameRange))
      }
    }
    const identical = (blockType: 'module' | 'resource', target: string, source: Attribute | undefined, instance: Attribute | undefined): void => {
      if (!source || !instance || !sameForEach(source, instance)) return
      out.push(
        warningDiag(
          `Provider configuration for_each matches ${blockType}`,
          `This provider configuration uses the same for_each expression as a ${blockType}, which means that subsequent removal of elements from this collection would cause a planning error.\n\nOpenTofu relies on a provider instance to destroy resource instances that are associated with it, and so the provider instance must outlive all of its resource instances by at least one plan/apply round. For removal of instances to succeed in future you must structure the configuration so that the provider block's for_each expression can produce a superset of the instances of the resources associated with the provider configuration. Refer to the OpenTofu documentation for specific suggestions.\n\nTo destroy this object before removing the provider configuration, consider first performing a targeted destroy:\n    tofu apply -destroy ${target}`,
          source.exprRange,
        ),
      )
    }
    for (const call of d.calls.values()) {
      for (const passed of call.providers) {
        if (passed.inChild.keyRange) out.push(errorDiag('Invalid module provider configuration', 'Instance keys are not allowed on the left side of a provider configuration assignment.', passed.inChild.keyRange))
        instanceValidation(passed.inParent, 'module')
        if (passed.inParent.keyRange) identical('module', `-target=${node.address ? node.address + '.' : ''}module.${call.name}`, call.forEach, instanced.get(refString(passed.inParent)))
      }
    }
    for (const r of d.resources) {
      if (!r.ref) continue
      instanceValidation(r.ref, 'resource')
      if (r.ref.keyRange && r.mode === 'managed') {
        identical('resource', `-target=${node.address ? node.address + '.' : ''}${r.type}.${r.name}`, r.forEach, instanced.get(refString(r.ref)))
      }
    }
  }

  // 5. non-aliased values of `providers` maps in calls from this module
  for (const call of d.calls.values()) {
    for (const passed of call.providers) {
      if (passed.inParent.alias) continue
      const name = passed.inParent.name
      const confOK = configured.has(name)
      const localOK = localNamesMap.has(name)
      const passedOK = passedIn.has(name)
      const defAddr = display(defaultProvider(name, engine))
      if (!confOK && !localOK) {
        out.push(
          warningDiag(
            'Reference to undefined provider',
            `There is no explicit declaration for local provider name ${q(name)} in ${modText}, so ${product} is assuming you mean to pass a configuration for provider ${q(defAddr)}.\n\nTo clarify your intent and silence this warning, add to ${parentModuleText} a required_providers entry named ${q(name)} with source = ${q(defAddr)}, or a different source address if appropriate.`,
            passed.inParent.nameRange,
          ),
        )
        continue
      }
      if (node.address !== '' && !confOK && !passedOK && node.call) {
        out.push(
          warningDiag(
            'Missing required provider configuration',
            `The configuration for ${modText} expects to inherit a configuration for provider ${defAddr} with local name ${q(name)}, but ${parentModuleText} doesn't pass a configuration under that name.\n\nTo satisfy this requirement, add an entry for ${q(name)} to the "providers" argument in the module ${q(node.path[node.path.length - 1] ?? '')} block.`,
            node.call.declRange,
          ),
        )
      }
    }
  }

  // 6. nothing else for the root module
  const parent = node.parent
  const call = node.call
  if (node.address === '' || !parent?.module || !call) return

  // 7. legacy provider configurations under count / for_each / enabled / depends_on
  if (configured.size > 0 && restriction) {
    const metas = tofu ? 'count, for_each, enabled and depends_on' : 'count, for_each, and depends_on'
    const args = tofu ? 'count, for_each, enabled or depends_on' : 'count, for_each, or depends_on'
    out.push(
      errorDiag(
        `Module is incompatible with ${metas}`,
        `The module at ${node.address} is a legacy module which contains its own local provider configurations, and so calls to it may not use the ${args} arguments.\n\nIf you also control the module ${q(node.source?.normalized ?? node.sourceText ?? '')}, consider updating this module to instead expect provider configurations to be passed by its caller.`,
        restriction.range,
      ),
    )
  }

  // 8. passing a configuration the module configures itself
  for (const name of [...configured.keys()].sort()) {
    const passed = passedIn.get(name)
    if (!passed) continue
    out.push(
      errorDiag(
        'Cannot override provider configuration',
        `The configuration of ${modText} has its own local configuration for ${name}, and so it cannot accept an overridden configuration provided by ${parentModuleText}.`,
        passed.inChild.nameRange,
      ),
    )
  }

  // 9. configuration_aliases that are neither configured nor passed
  for (const [name, type] of [...configAliases].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (configured.has(name) || passedIn.has(name)) continue
    out.push(
      errorDiag(
        'Missing required provider configuration',
        `The child module requires an additional configuration for provider ${display(type)}, with the local name ${q(name)}.\n\nRefer to the module's documentation to understand the intended purpose of this additional provider configuration, and then add an entry for ${name} in the "providers" meta-argument in the module block to choose which provider configuration the module should use for that purpose.`,
        call.declRange,
      ),
    )
  }

  // 10. every passed configuration: declared in the child, and of the right type
  const parentDecoded = ctx.decoded(parent.module)
  const parentRequired = new Map(parentDecoded.requirements.map((r) => [r.name, r.type]))
  const childRequired = localNamesMap
  for (const [name, passed] of passedIn) {
    let childType = ctx.typesResolved ? (childRequired.get(passed.inChild.name) ?? defaultProvider(passed.inChild.name, engine)) : defaultProvider(passed.inChild.name, engine)
    const local = localNamesMap.get(name)
    if (local) childType = local
    const aliasType = configAliases.get(name)
    if (aliasType) childType = aliasType
    if (!local && !aliasType && !emptyConfigs.has(name)) {
      if (isDefaultProvider(childType, engine)) {
        out.push(
          warningDiag(
            'Reference to undefined provider',
            `There is no explicit declaration for local provider name ${q(name)} in ${modText}, so ${product} is assuming you mean to pass a configuration for ${q(display(childType))}.\n\nIf you also control the child module, add a required_providers entry named ${q(name)} with the source address ${q(display(childType))}.`,
            passed.inChild.nameRange,
          ),
        )
      } else {
        out.push(
          errorDiag(
            'Reference to undefined provider',
            `The child module does not declare any provider requirement with the local name ${q(name)}.\n\nIf you also control the child module, you can add a required_providers entry named ${q(name)} with the source address ${q(display(childType))} to accept this provider configuration.`,
            passed.inChild.nameRange,
          ),
        )
      }
    }
    let parentType = ctx.typesResolved ? (parentRequired.get(passed.inParent.name) ?? defaultProvider(passed.inParent.name, engine)) : defaultProvider(passed.inParent.name, engine)
    const override = parentRequired.get(name)
    if (override) parentType = override
    if (sameProvider(childType, parentType)) continue
    const other = [...localNamesMap].find(([, t]) => sameProvider(t, parentType))?.[0]
    if (other !== undefined) {
      const [first, second] = tofu ? [childType, parentType] : [parentType, childType]
      out.push(
        errorDiag(
          'Provider type mismatch',
          `The assigned configuration is for provider ${q(display(first))}, but local name ${q(passed.inChild.name)} in ${parentModuleText} represents ${q(display(second))}.\n\nTo pass this configuration to the child module, use the local name ${q(other)} instead.`,
          passed.inChild.nameRange,
        ),
      )
    } else {
      const inParent = refString(passed.inParent)
      const inChild = refString(passed.inChild)
      out.push(
        errorDiag(
          'Provider type mismatch',
          `The local name ${q(inParent)} in ${parentModuleText} represents provider ${q(display(parentType))}, but ${q(inChild)} in ${modText} represents ${q(display(childType))}.\n\nEach provider has its own distinct configuration schema and provider types, so this module's ${q(inChild)} can be assigned only a configuration for ${display(childType)}, which is not required by ${modText}.`,
          passed.inParent.nameRange,
        ),
      )
    }
  }

  // 11. empty ("proxy") provider blocks
  const suggestions = new Map<string, {source: Provider; ranges: SourceRange[]; configs: string[]; aliases: number}>()
  for (const [name, p] of [...emptyConfigs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const local = p.name
    let s = suggestions.get(local)
    if (!s) {
      s = {source: localNamesMap.get(name) ?? defaultProvider(local, engine), ranges: [], configs: [], aliases: 0}
      suggestions.set(local, s)
    }
    if (local !== name) s.aliases++
    s.configs.push(name)
    s.ranges.push(p.block.declRange)
  }
  for (const [name, s] of suggestions) {
    let text = `Earlier versions of ${product} used empty provider blocks ("proxy provider configurations") for child modules to declare their need to be passed a provider configuration by their callers. That approach was ambiguous and is now deprecated.\n\nIf you control this module, you can migrate to the new declaration syntax by removing all of the empty provider ${q(name)} blocks and then adding or updating an entry like the following to the required_providers block of ${modText}:\n`
    text += `    ${name} = {\n`
    text += `      source = ${q(display(s.source))}\n`
    if (s.aliases > 0) {
      text += '      configuration_aliases = [\n'
      for (const c of [...s.configs].sort()) text += `        ${c},\n`
      text += '      ]\n'
    }
    text += '    }'
    const subject = [...s.ranges].sort((a, b) => (formatRange(a) < formatRange(b) ? -1 : formatRange(a) > formatRange(b) ? 1 : 0))[0]
    out.push(warningDiag('Redundant empty provider block', text, subject))
  }
}

/** Tree-building checks of every module of a subtree, children first (in order of address), as `loadModule` does; without recursion. */
function childModuleChecks(root: ModuleNode, engine: Engine, out: Diagnostic[], modules: Map<Diagnostic, string>): void {
  const stack: {node: ModuleNode; expanded: boolean}[] = [{node: root, expanded: false}]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (!top.expanded) {
      top.expanded = true
      for (const c of [...top.node.children].sort(byAddress).reverse()) stack.push({node: c, expanded: false})
      continue
    }
    stack.pop()
    const from = out.length
    childModuleChecksOne(top.node, engine, out)
    for (let i = from; i < out.length; i++) modules.set(out[i]!, top.node.address)
  }
}

/** Tree-building checks of one child module. */
function childModuleChecksOne(node: ModuleNode, engine: Engine, out: Diagnostic[]): void {
  const m = node.module
  if (!m || node.address === '') return
  const tofu = engine.name === 'opentofu'
  if (m.backend) {
    out.push(
      warningDiag(
        'Backend configuration ignored',
        `Any selected backend applies to the entire configuration, so ${engine.product} expects ${tofu ? 'provider' : 'backend'} configurations only in the root module.\n\nThis is a warning rather than an error because it's sometimes convenient to temporarily call a root module as a child module for testing purposes, but this backend configuration block will have no effect.`,
        m.backend.declRange,
      ),
    )
  }
  if (m.cloud && !tofu) {
    out.push(
      warningDiag(
        'Cloud configuration ignored',
        "A cloud configuration block applies to the entire configuration, so Terraform expects 'cloud' blocks to only be in the root module.\n\nThis is a warning rather than an error because it's sometimes convenient to temporarily call a root module as a child module for testing purposes, but this cloud configuration block will have no effect.",
        m.cloud.declRange,
      ),
    )
  }
  const firstImport = m.imports[0]
  if (tofu && firstImport) {
    out.push(errorDiag('Invalid import configuration', `An import block was detected in ${q(node.address)}. Import blocks are only allowed in the root module.`, firstImport.declRange))
  }
}

/** Does a diagnostic belong to a child module (its file is outside the root directory's own files)? */
function inChildModule(d: Diagnostic): boolean {
  return d.range !== undefined && d.range.filename.includes('/')
}

/**
 * Terraform's `validateProviderConfigs` over a crawled tree (REFERENCE §a.4, checks 1–11 with the
 * engine's texts), preceded by the decode-time checks of every loaded module (provider blocks,
 * `provider` references, `providers` maps, required_providers and provider_meta names, module-call
 * meta-arguments) and the tree-building checks of child modules. Children are validated before
 * their callers, calls in lexical order of name; modules that could not be loaded are skipped.
 * OpenTofu skips checks 1–11 entirely when a module failed to load or a child module has errors
 * (as its BuildConfig does); Terraform validates what loaded.
 */
export function validateProviderConfigs(tree: ModuleTree): Diagnostic[] {
  return [...validateProviderConfigsByModule(tree).diagnostics]
}

/** Provider validation with the module each diagnostic concerns (the module checked; for a module's own files, the first call that reaches it). */
export interface ModuleDiagnostics {
  readonly diagnostics: readonly Diagnostic[]
  readonly modules: ReadonlyMap<Diagnostic, string>
}

export function validateProviderConfigsByModule(tree: ModuleTree): ModuleDiagnostics {
  const engine = engineByName(tree.engine)
  const cache = new Map<Module, DecodedModule>()
  const decoded = (m: Module): DecodedModule => {
    let d = cache.get(m)
    if (!d) {
      d = decodeModule(m, engine)
      cache.set(m, d)
    }
    return d
  }
  const out: Diagnostic[] = []
  const modules = new Map<Diagnostic, string>()
  for (const n of tree.nodes) {
    if (!n.module || cache.has(n.module)) continue
    for (const d of decoded(n.module).diagnostics) {
      out.push(d)
      modules.set(d, n.address)
    }
  }
  childModuleChecks(tree.root, engine, out, modules)
  const buildFailed =
    tree.nodes.some((n) => !n.resolved) || tree.diagnostics.some((d) => d.severity === 'error' && inChildModule(d)) || out.some((d) => d.severity === 'error' && inChildModule(d))
  if (engine.name === 'opentofu' && buildFailed) return {diagnostics: out, modules}
  validateNode({engine, decoded, typesResolved: !buildFailed}, tree.root, undefined, out, modules)
  return {diagnostics: out, modules}
}
