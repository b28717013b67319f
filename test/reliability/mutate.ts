// Inputs for the fuzzer: real trees (the repository's fixtures and the shared corpus) and fast-check
// arbitraries for the ways to break them — truncation at every kind of token, random bytes, unbalanced
// brackets and quotes, unterminated heredocs and templates, nesting 10,000 levels deep, very long lines
// and labels, NUL bytes, invalid UTF-8, BOMs, CRLF, JSON values of the wrong type at any level, pieces
// of other files, odd file names and symlinks. Everything is a pure function of the generated case, so
// a seed and a path replay it exactly.
import {mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import fc from 'fast-check'
import {fixturesDir, sharedDir} from '../helpers/paths.js'

export interface Base {
  readonly label: string
  /** Relative path (with `/`) → content. */
  readonly files: ReadonlyMap<string, Buffer>
}

const CONFIG = /(\.tf|\.tofu|\.tf\.json|\.tofu\.json|\.tfvars|\.tfvars\.json|\.terraform\.lock\.hcl|modules\.json|\.tfgraph\.json)$/
const SKIP_DIRS = new Set(['.git', 'node_modules'])

function hasConfig(dir: string): boolean {
  try {
    return readdirSync(dir).some((n) => /\.(tf|tofu)(\.json)?$/.test(n))
  } catch {
    return false
  }
}

/** Config files under `dir` (recursively, to `depth` levels; `.terraform` included), at most `maxBytes` in all. */
function collect(dir: string, depth: number, maxBytes: number): Map<string, Buffer> | undefined {
  const files = new Map<string, Buffer>()
  let total = 0
  const walk = (d: string, rel: string, level: number): boolean => {
    let entries
    try {
      entries = readdirSync(d, {withFileTypes: true})
    } catch {
      return true
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name)
      const r = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) {
        if (level < depth && !SKIP_DIRS.has(e.name) && !walk(p, r, level + 1)) return false
      } else if (e.isFile() && CONFIG.test(e.name)) {
        const size = statSync(p).size
        if (total + size > maxBytes) return false
        total += size
        files.set(r, readFileSync(p))
      }
    }
    return true
  }
  return walk(dir, '', 0) && files.size > 0 ? files : undefined
}

/** Every configuration directory of the fixtures (with its subdirectories) and of the corpus (its own files). */
export function loadBases(opts: {corpus: boolean}): Base[] {
  const bases: Base[] = []
  const visit = (dir: string, label: string, depth: number, recursiveFiles: boolean): void => {
    if (depth > 12) return
    if (hasConfig(dir)) {
      const files = collect(dir, recursiveFiles ? 6 : 0, recursiveFiles ? 2_000_000 : 1_000_000)
      if (files) bases.push({label, files})
    }
    let entries
    try {
      entries = readdirSync(dir, {withFileTypes: true})
    } catch {
      return
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.isDirectory() && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.'))
        visit(path.join(dir, e.name), `${label}/${e.name}`, depth + 1, recursiveFiles)
    }
  }
  visit(fixturesDir, 'fixtures', 0, true)
  if (opts.corpus) visit(path.join(sharedDir, 'corpus'), 'corpus', 0, false)
  return bases
}

// ---------------------------------------------------------------------------------------------------
// Mutations

export type Mutation =
  | {readonly kind: 'truncate-token'; readonly file: number; readonly token: number; readonly which: number; readonly after: boolean}
  | {readonly kind: 'truncate'; readonly file: number; readonly at: number}
  | {readonly kind: 'insert-bytes'; readonly file: number; readonly at: number; readonly bytes: readonly number[]}
  | {readonly kind: 'delete-bytes'; readonly file: number; readonly at: number; readonly count: number}
  | {readonly kind: 'flip-bytes'; readonly file: number; readonly at: number; readonly bytes: readonly number[]}
  | {readonly kind: 'insert-snippet'; readonly file: number; readonly at: number; readonly snippet: number}
  | {readonly kind: 'delete-delimiter'; readonly file: number; readonly delimiter: number; readonly which: number}
  | {
      readonly kind: 'deep'
      readonly file: number
      readonly at: number
      readonly construct: number
      readonly depth: number
      readonly balanced: boolean
    }
  | {readonly kind: 'long-line'; readonly file: number; readonly at: number; readonly length: number; readonly shape: number}
  | {readonly kind: 'invalid-utf8'; readonly file: number; readonly at: number; readonly sequence: number}
  | {readonly kind: 'bom'; readonly file: number; readonly twice: boolean}
  | {readonly kind: 'newlines'; readonly file: number; readonly style: 'crlf' | 'cr' | 'mixed'}
  | {readonly kind: 'json-wrong-type'; readonly file: number; readonly node: number; readonly value: number}
  | {
      readonly kind: 'splice'
      readonly file: number
      readonly at: number
      readonly donor: number
      readonly from: number
      readonly length: number
    }
  | {readonly kind: 'repeat-line'; readonly file: number; readonly line: number; readonly times: number}
  | {readonly kind: 'rename'; readonly file: number; readonly name: number}
  | {readonly kind: 'fs-entry'; readonly entry: number}

export interface FuzzCase {
  readonly base: number
  readonly mutations: readonly Mutation[]
}

const TOKENS = [
  '{',
  '}',
  '"',
  '=',
  '(',
  ')',
  '[',
  ']',
  '<<',
  '${',
  '%{',
  '\n',
  '#',
  '/*',
  '*/',
  ',',
  ':',
  '.',
  '?',
  'EOT',
  '\\',
  '=>',
  '...',
  '*',
]
export const SNIPPETS = [
  '{',
  '}',
  '"',
  '[',
  ']',
  '(',
  ')',
  '${',
  '%{',
  '%{ if true }',
  '<<EOF\n',
  '<<-EOT\n  x\n',
  '/*',
  '#',
  '//',
  '\\',
  '"${"',
  '"${',
  'EOF\n',
  '\u0000',
  '\ufeff',
  '\u001b[31mred\u001b[0m',
  '\u001b]0;title\u0007',
  '\u009b2J',
  '\u202e',
  '\r',
  'resource "x" "y" {',
  'module "m" {\n source = "./m"\n}\n',
  'module "self" {\n source = "./"\n}\n',
  'module "up" {\n source = "../"\n}\n',
  'provider "aws" {\n alias = "\u001b[2J"\n}\n',
  'x = ',
  ' = = ',
  '"\\u',
  '"\\uD800"',
  'for x in',
  '[for',
  '? :',
  'terraform {\n required_providers {\n a = { source = "\u001b[31m/x/y" }\n }\n}\n',
  'dynamic "x" {',
  'locals {',
  'variable "v" {\n default = {\n',
  '-'.repeat(64),
  '!'.repeat(64),
]
const DELIMITERS = ['{', '}', '"', '[', ']', '(', ')', '\n']
const INVALID_UTF8 = [
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf5, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xff],
  [0x80],
  [0xfe, 0xff],
  [0xf0, 0x9f, 0x98],
]
const WRONG_VALUES: readonly unknown[] = [
  null,
  0,
  -1.5e308,
  1e-7,
  '',
  'x',
  '${var.x}',
  '\u001b[31m',
  true,
  false,
  [],
  {},
  [[]],
  {a: {}},
  [null],
  {'': null},
  'a'.repeat(10_000),
]
const NAMES = [
  'my file.tf',
  'q"uote.tf',
  "apos'trophe.tf",
  'new\nline.tf',
  'ünïcödé.tf',
  '\u001b[31mred.tf',
  'MAIN.tf',
  'tab\tname.tf',
  '-dash.tf',
  ' lead.tf',
  'back\\slash.tf',
  '\u202ertl.tf',
  'x.tofu',
  'x_override.tf',
]
const FS_ENTRIES = [
  'dir-named-tf',
  'dangling-symlink',
  'symlink-loop',
  'symlink-to-parent',
  'symlink-module',
  'empty-file',
  'case-duplicate',
] as const
/** Nested constructs: opener, closer, and the text at the innermost point. */
const DEEP: readonly {readonly open: string; readonly close: string; readonly inner: string; readonly json?: boolean}[] = [
  {open: 'b {\n', close: '}\n', inner: 'x = 1\n'},
  {open: '(', close: ')', inner: '1'},
  {open: '[', close: ']', inner: '1'},
  {open: '{a = ', close: '}', inner: '1'},
  {open: '"${', close: '}"', inner: '1'},
  {open: 'f(', close: ')', inner: ''},
  {open: '[for x in ', close: ' : x]', inner: '[]'},
  {open: '-', close: '', inner: '1'},
  {open: 'true ? 1 : ', close: '', inner: '2'},
  {open: '!', close: '', inner: 'true'},
  {open: '<<EOT\n${', close: '}\nEOT\n', inner: '1'},
  {open: '{"a":', close: '}', inner: '1', json: true},
  {open: '[', close: ']', inner: '1', json: true},
]

/**
 * Longest number list generated (characters). @cdktf/hcl2json spends about 0.14 ms and 1.3 KB per list
 * element (1 MB of `1,1,…` takes 70 s and 670 MB; 2 MB 235 s and 1.2 GB; a long-running process then dies of
 * WebAssembly "out of memory"): a known limit of the parser dependency, recorded in RELIABILITY.md, that
 * would otherwise make every such case a time failure without telling anything new.
 */
const LIST_CAP = 20_000
/** Largest mutated file (bytes). */
const MAX_FILE = 3_000_000

const pos = fc.nat({max: 0x7fffffff})
const file = fc.nat({max: 1000})
const byte = fc.integer({min: 0, max: 255})

export function mutationArb(scale: 'quick' | 'full'): fc.Arbitrary<Mutation> {
  const maxDepth = 10_000
  const lengths = scale === 'full' ? [100, 1_000, 10_000, 100_000, 1_000_000] : [100, 1_000, 10_000, 100_000]
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('truncate-token' as const),
        file,
        token: fc.nat({max: TOKENS.length - 1}),
        which: pos,
        after: fc.boolean(),
      }),
    },
    {weight: 2, arbitrary: fc.record({kind: fc.constant('truncate' as const), file, at: pos})},
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('insert-bytes' as const),
        file,
        at: pos,
        bytes: fc.array(byte, {minLength: 1, maxLength: 8}),
      }),
    },
    {weight: 2, arbitrary: fc.record({kind: fc.constant('delete-bytes' as const), file, at: pos, count: fc.integer({min: 1, max: 64})})},
    {
      weight: 2,
      arbitrary: fc.record({kind: fc.constant('flip-bytes' as const), file, at: pos, bytes: fc.array(byte, {minLength: 1, maxLength: 8})}),
    },
    {
      weight: 4,
      arbitrary: fc.record({kind: fc.constant('insert-snippet' as const), file, at: pos, snippet: fc.nat({max: SNIPPETS.length - 1})}),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('delete-delimiter' as const),
        file,
        delimiter: fc.nat({max: DELIMITERS.length - 1}),
        which: pos,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        file,
        at: pos,
        construct: fc.nat({max: DEEP.length - 1}),
        depth: fc.oneof(
          fc.integer({min: 1, max: 64}),
          fc.integer({min: 400, max: 600}),
          fc.integer({min: 1000, max: maxDepth}),
          fc.constant(maxDepth),
        ),
        balanced: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('long-line' as const),
        file,
        at: pos,
        length: fc.constantFrom(...lengths),
        shape: fc.nat({max: 4}),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({kind: fc.constant('invalid-utf8' as const), file, at: pos, sequence: fc.nat({max: INVALID_UTF8.length - 1})}),
    },
    {weight: 1, arbitrary: fc.record({kind: fc.constant('bom' as const), file, twice: fc.boolean()})},
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('newlines' as const),
        file,
        style: fc.constantFrom('crlf' as const, 'cr' as const, 'mixed' as const),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({kind: fc.constant('json-wrong-type' as const), file, node: pos, value: fc.nat({max: WRONG_VALUES.length - 1})}),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('splice' as const),
        file,
        at: pos,
        donor: pos,
        from: pos,
        length: fc.integer({min: 1, max: 2000}),
      }),
    },
    {weight: 1, arbitrary: fc.record({kind: fc.constant('repeat-line' as const), file, line: pos, times: fc.integer({min: 2, max: 2000})})},
    {weight: 1, arbitrary: fc.record({kind: fc.constant('rename' as const), file, name: fc.nat({max: NAMES.length - 1})})},
    {weight: 1, arbitrary: fc.record({kind: fc.constant('fs-entry' as const), entry: fc.nat({max: FS_ENTRIES.length - 1})})},
  )
}

export function caseArb(baseCount: number, scale: 'quick' | 'full'): fc.Arbitrary<FuzzCase> {
  return fc.record({base: fc.nat({max: baseCount - 1}), mutations: fc.array(mutationArb(scale), {minLength: 1, maxLength: 3})})
}

/** A mutated tree: files (relative path → bytes) plus filesystem entries that are not plain files. */
export interface Tree {
  readonly files: Map<string, Buffer>
  readonly entries: (typeof FS_ENTRIES)[number][]
  /** What was done, one line per mutation (for failure reports). */
  readonly log: string[]
}

function occurrences(buf: Buffer, token: string): number[] {
  const needle = Buffer.from(token)
  const out: number[] = []
  for (let i = buf.indexOf(needle); i >= 0 && out.length < 100_000; i = buf.indexOf(needle, i + 1)) out.push(i)
  return out
}

function insert(buf: Buffer, at: number, piece: Buffer | string): Buffer {
  const p = typeof piece === 'string' ? Buffer.from(piece) : piece
  const i = buf.length === 0 ? 0 : at % (buf.length + 1)
  return Buffer.concat([buf.subarray(0, i), p, buf.subarray(i)])
}

/** The start of the line at or after `at` (so inserted blocks and attributes stand on their own line). */
function lineStart(buf: Buffer, at: number): number {
  if (buf.length === 0) return 0
  const i = at % (buf.length + 1)
  const nl = buf.indexOf(10, i)
  return nl < 0 ? buf.length : nl + 1
}

function jsonPaths(v: unknown, out: (string | number)[][], prefix: (string | number)[]): void {
  if (out.length > 5000) return
  out.push(prefix)
  if (Array.isArray(v)) v.forEach((x, i) => jsonPaths(x, out, [...prefix, i]))
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) jsonPaths(x, out, [...prefix, k])
}

function setPath(root: unknown, p: readonly (string | number)[], value: unknown): unknown {
  if (p.length === 0) return value
  const [head, ...rest] = p
  if (Array.isArray(root)) return root.map((x, i) => (i === head ? setPath(x, rest, value) : x))
  if (typeof root === 'object' && root !== null)
    return {...root, [String(head)]: setPath((root as Record<string, unknown>)[String(head)], rest, value)}
  return root
}

function deepText(construct: number, depth: number, balanced: boolean, json: boolean): string {
  const d = DEEP[construct % DEEP.length]!
  if (d.json === true) {
    const body = d.open.repeat(depth) + d.inner + (balanced ? d.close.repeat(depth) : '')
    return json ? body : `x_deep = ${body.replace(/"a":/g, 'a = ')}\n`
  }
  const body = d.open.repeat(depth) + d.inner + (balanced ? d.close.repeat(depth) : '')
  if (json) return JSON.stringify(body)
  return d.open.startsWith('b {') ? body : `x_deep = ${body}\n`
}

/** Applies the mutations to a copy of the base's files. */
export function applyCase(bases: readonly Base[], c: FuzzCase): Tree {
  const base = bases[c.base % bases.length]!
  const files = new Map(base.files)
  const entries: Tree['entries'] = []
  const log: string[] = [`base ${base.label}`]
  for (const m of c.mutations) {
    if (m.kind === 'fs-entry') {
      entries.push(FS_ENTRIES[m.entry % FS_ENTRIES.length]!)
      log.push(`fs-entry ${FS_ENTRIES[m.entry % FS_ENTRIES.length]}`)
      continue
    }
    const names = [...files.keys()].sort()
    if (names.length === 0) continue
    const name = names[m.file % names.length]!
    const {kind, file: _file, ...params} = m
    log.push(`${kind} ${JSON.stringify(name)} ${JSON.stringify(params)}`)
    let buf = files.get(name)!
    const isJson = name.endsWith('.json')
    switch (m.kind) {
      case 'truncate-token': {
        const token = TOKENS[m.token % TOKENS.length]!
        const at = occurrences(buf, token)
        if (at.length > 0) {
          const i = at[m.which % at.length]!
          buf = buf.subarray(0, m.after ? i + Buffer.byteLength(token) : i)
        }
        break
      }
      case 'truncate':
        buf = buf.subarray(0, buf.length === 0 ? 0 : m.at % buf.length)
        break
      case 'insert-bytes':
        buf = insert(buf, m.at, Buffer.from(m.bytes))
        break
      case 'delete-bytes': {
        const i = buf.length === 0 ? 0 : m.at % buf.length
        buf = Buffer.concat([buf.subarray(0, i), buf.subarray(i + m.count)])
        break
      }
      case 'flip-bytes': {
        const copy = Buffer.from(buf)
        m.bytes.forEach((b, k) => {
          if (copy.length > 0) copy[(m.at + k) % copy.length] = b
        })
        buf = copy
        break
      }
      case 'insert-snippet':
        buf = insert(buf, m.at, SNIPPETS[m.snippet % SNIPPETS.length]!)
        break
      case 'delete-delimiter': {
        const at = occurrences(buf, DELIMITERS[m.delimiter % DELIMITERS.length]!)
        if (at.length > 0) {
          const i = at[m.which % at.length]!
          buf = Buffer.concat([buf.subarray(0, i), buf.subarray(i + 1)])
        }
        break
      }
      case 'deep': {
        const text = deepText(m.construct, m.depth, m.balanced, isJson)
        if (isJson) {
          const brace = buf.indexOf('{')
          buf = brace < 0 ? Buffer.from(text) : insert(buf, brace + 1, `"x_deep": ${text},`)
        } else buf = insert(buf, lineStart(buf, m.at), text)
        break
      }
      case 'long-line': {
        const n = m.length
        const shapes = [
          `# ${'x'.repeat(n)}\n`,
          `x_long = "${'a'.repeat(n)}"\n`,
          `resource "${'r'.repeat(n)}" "${'n'.repeat(8)}" {}\n`,
          `module "${'m'.repeat(n)}" {\n  source = "./${'s'.repeat(Math.min(n, 200))}"\n}\n`,
          `x_list = [${'1,'.repeat(Math.floor(Math.min(n, LIST_CAP) / 2))}]\n`,
        ]
        const text = isJson ? `"x_long": ${JSON.stringify('a'.repeat(n))},` : shapes[m.shape % shapes.length]!
        if (isJson) {
          const brace = buf.indexOf('{')
          buf = brace < 0 ? Buffer.from(`{${text.slice(0, -1)}}`) : insert(buf, brace + 1, text)
        } else buf = insert(buf, lineStart(buf, m.at), text)
        break
      }
      case 'invalid-utf8':
        buf = insert(buf, m.at, Buffer.from(INVALID_UTF8[m.sequence % INVALID_UTF8.length]!))
        break
      case 'bom':
        buf = Buffer.concat([Buffer.from(m.twice ? '\ufeff\ufeff' : '\ufeff'), buf])
        break
      case 'newlines': {
        const s = buf.toString('latin1')
        let k = 0
        const out =
          m.style === 'crlf'
            ? s.replace(/\n/g, '\r\n')
            : m.style === 'cr'
              ? s.replace(/\n/g, '\r')
              : s.replace(/\n/g, () => (k++ % 2 === 0 ? '\r\n' : '\n'))
        buf = Buffer.from(out, 'latin1')
        break
      }
      case 'json-wrong-type': {
        let doc: unknown
        try {
          doc = JSON.parse(buf.toString('utf8'))
        } catch {
          break
        }
        const paths: (string | number)[][] = []
        jsonPaths(doc, paths, [])
        const p = paths[m.node % paths.length]!
        buf = Buffer.from(JSON.stringify(setPath(doc, p, WRONG_VALUES[m.value % WRONG_VALUES.length]), null, 2))
        break
      }
      case 'splice': {
        const donorBase = bases[m.donor % bases.length]!
        const donorFiles = [...donorBase.files.values()]
        const donor = donorFiles[m.from % Math.max(1, donorFiles.length)]
        if (donor && donor.length > 0) {
          const from = m.from % donor.length
          buf = insert(buf, m.at, donor.subarray(from, from + m.length))
        }
        break
      }
      case 'repeat-line': {
        const ls = buf.toString('latin1').split('\n')
        const i = m.line % ls.length
        // at most 2 MB more (the line may be a very long one from an earlier mutation)
        const times = Math.max(1, Math.min(m.times, Math.floor(2_000_000 / (ls[i]!.length + 1))))
        ls.splice(i, 1, ...Array.from({length: times}, () => ls[i]!))
        buf = Buffer.from(ls.join('\n'), 'latin1')
        break
      }
      case 'rename': {
        const dir = name.includes('/') ? name.slice(0, name.lastIndexOf('/') + 1) : ''
        const target = dir + NAMES[m.name % NAMES.length]!
        files.delete(name)
        files.set(target, buf)
        continue
      }
    }
    // mutations compose: a file never grows past MAX_FILE (the cases stay about shape, not size)
    files.set(name, buf.length > MAX_FILE ? buf.subarray(0, MAX_FILE) : buf)
  }
  return {files, entries, log}
}

/** Writes a tree into `dir` (which must exist and be empty). */
export function writeTree(dir: string, tree: Tree): void {
  for (const [rel, content] of [...tree.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const p = path.join(dir, ...rel.split('/'))
    mkdirSync(path.dirname(p), {recursive: true})
    writeFileSync(p, content)
  }
  for (const e of tree.entries) {
    const at = (n: string): string => path.join(dir, n)
    try {
      switch (e) {
        case 'dir-named-tf':
          mkdirSync(at('dir.tf'), {recursive: true})
          break
        case 'dangling-symlink':
          symlinkSync('does-not-exist.tf', at('dangling.tf'))
          break
        case 'symlink-loop':
          symlinkSync('loop.tf', at('loop.tf'))
          break
        case 'symlink-to-parent':
          symlinkSync('..', at('parent'))
          break
        case 'symlink-module':
          mkdirSync(at('linked'), {recursive: true})
          symlinkSync('..', at('linked/up'))
          writeFileSync(at('zz_link.tf'), 'module "linked_up" {\n  source = "./linked/up"\n}\n')
          break
        case 'empty-file':
          writeFileSync(at('empty.tf'), '')
          break
        case 'case-duplicate': {
          const first = [...tree.files.keys()].find((k) => !k.includes('/') && k.endsWith('.tf'))
          if (first) writeFileSync(at(first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase()), tree.files.get(first)!)
          break
        }
      }
    } catch {
      // an entry that already exists (a renamed file took the name): skip
    }
  }
}
