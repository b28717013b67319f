#!/usr/bin/env node
// tfgraph's parser of native syntax against an older build of itself (issue #53: every speed step must
// give the same output). Every .tf, .tofu, .tfvars and .hcl file under the directories given is parsed by
// both builds' parseHclNative, and the whole result is compared as JSON: the body, every block's and
// label's range, every attribute's ranges, source text, syntax tree (spans) and hcl2json-shaped value, and
// the diagnostics; and the tokens (lexer.ts's `lex`, as the rules read them, and the line starts it finds). To reach the error paths too, each file is also parsed cut short at three points
// (a third, a half, two thirds of its length), and each attribute's source text is parsed again as an
// expression and as a bare template, and N times (default 4) with one character taken out or a piece of
// syntax put in at a place chosen by a seeded generator (the same places on every run) (parseExpressionText, parseTemplateText: the references' and the JSON
// reader's way in).
//
//   npm run build && node scripts/parse-check.mjs --old OTHER/dist [DIR…] [--new DIR] [--no-cuts] [--mutations N]
//
// DIR… defaults to ../shared/corpus ../shared/large ../shared/conformance beside the repository; --old is
// a build of the commit to compare with (its dist/ directory), --new defaults to this checkout's dist/.
// Exit status: 0 identical everywhere, 1 some difference (the first few are printed), 2 bad arguments.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const argv = process.argv.slice(2)
const opt = (name) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
const valued = ['--old', '--new', '--mutations']
const dirs = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && valued.includes(argv[i - 1])))
const oldDist = opt('--old')
const newDist = path.resolve(opt('--new') ?? path.join(repoRoot, 'dist'))
const cuts = !argv.includes('--no-cuts')
const mutations = Number(opt('--mutations') ?? 4)
// what the mutations put in: operators, brackets, quotes, template and heredoc openers, escapes, newlines
const PIECES = [
  '+',
  '*',
  '-',
  '!',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '"',
  '${',
  '%{',
  '~}',
  '\\',
  '\n',
  ',',
  '.',
  '=',
  '==',
  '&&',
  '<<EOT\n',
  '#',
  '/*',
  '1.2.3',
  'x',
  '...',
  '=>',
  ';',
  "'",
]
let seed = 12345
const next = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed >> 4
}
if (!oldDist) {
  console.error('Usage: node scripts/parse-check.mjs --old OTHER/dist [DIR…] [--new DIR] [--no-cuts] [--mutations N]')
  process.exit(2)
}
const shared = path.join(repoRoot, '..', 'shared')
const roots = (dirs.length > 0 ? dirs : ['corpus', 'large', 'conformance'].map((d) => path.join(shared, d))).filter((d) => existsSync(d))
if (roots.length === 0) {
  console.error('SKIP: no directory to read (give one: node scripts/parse-check.mjs --old OTHER/dist DIR)')
  process.exit(0)
}

const load = async (dist) => {
  const native = path.join(path.resolve(dist), 'src', 'hcl', 'native')
  const index = await import(pathToFileURL(path.join(native, 'index.js')).href)
  const {lex} = await import(pathToFileURL(path.join(native, 'lexer.js')).href)
  return {...index, lex}
}
const A = await load(oldDist)
const B = await load(newDist)
// a file's tokens (as the rules that read tokens see them), in each mode, with the nesting limit
const tokens = (l, t) =>
  [false, true].map((template) => {
    const k = l.lex(t, t.charCodeAt(0) === 0xfeff ? 1 : 0, template, 500)
    return [Array.from(k.types), Array.from(k.starts), Array.from(k.ends), k.tooDeep]
  })

const isNative = (n) => n.endsWith('.tf') || n.endsWith('.tofu') || n.endsWith('.tfvars') || n.endsWith('.hcl')
const files = []
const walk = (dir) => {
  for (const e of readdirSync(dir, {withFileTypes: true})) {
    if (e.name === '.git' || e.name === 'node_modules') continue
    const p = path.join(dir, e.name)
    if (e.isDirectory()) walk(p)
    else if (e.isFile() && isNative(e.name)) files.push(p)
  }
}
for (const r of roots) walk(r)
files.sort()

let compared = 0
let differences = 0
const show = (what, a, b) => {
  differences++
  if (differences > 10) return
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  console.error(`DIFFERENT: ${what}\n  old: …${a.slice(Math.max(0, i - 120), i + 200)}\n  new: …${b.slice(Math.max(0, i - 120), i + 200)}`)
}
const same = (what, a, b) => {
  compared++
  if (a !== b) show(what, a, b)
}
const run = (lib, f) => {
  try {
    return JSON.stringify(f(lib))
  } catch (e) {
    return `THROWS ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`
  }
}

let bytes = 0
let errored = 0
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  bytes += text.length
  const variants = [[file, text]]
  if (cuts)
    for (const k of [3, 2, 1.5])
      variants.push([`${file} (cut at ${Math.floor(text.length / k)})`, text.slice(0, Math.floor(text.length / k))])
  for (let m = 0; m < mutations; m++) {
    // a character taken out or put in at a place chosen by a generator with a fixed seed
    const at = next() % (text.length + 1)
    const put = next() % 3 === 0 ? '' : PIECES[next() % PIECES.length]
    const cut = put === '' || next() % 2 === 0 ? 1 : 0
    variants.push([
      `${file} (${cut ? 'removed 1' : 'kept'} at ${at}, put ${JSON.stringify(put)})`,
      text.slice(0, at) + put + text.slice(at + cut),
    ])
  }
  for (const [what, t] of variants) {
    const a = run(A, (l) => l.parseHclNative(t, file))
    const b = run(B, (l) => l.parseHclNative(t, file))
    same(what, a, b)
    same(
      `${what}: tokens`,
      run(A, (l) => tokens(l, t)),
      run(B, (l) => tokens(l, t)),
    )
    // where the lexer says lines start (when it says): where a scan finds them
    const bom = t.charCodeAt(0) === 0xfeff ? 1 : 0
    const starts = B.lex(t, bom, false, 500).lineStarts
    if (starts) {
      const scan = [bom]
      for (let k = t.indexOf('\n'); k >= 0; k = t.indexOf('\n', k + 1)) scan.push(k + 1)
      same(`${what}: line starts`, JSON.stringify(scan), JSON.stringify(starts))
    }
    if (a.includes('"diagnostics":[{')) errored++
  }
  // every attribute's text as an expression and as a bare template
  const parsed = B.parseHclNative(text, file)
  const exprs = []
  const collect = (body) => {
    for (const at of body.attributes) exprs.push(at.expr)
    for (const b of body.blocks) collect(b.body)
  }
  collect(parsed.file.body)
  for (const x of exprs) {
    same(
      `${file}: expression ${JSON.stringify(x.slice(0, 60))}`,
      run(A, (l) => l.parseExpressionText(x)),
      run(B, (l) => l.parseExpressionText(x)),
    )
    same(
      `${file}: template ${JSON.stringify(x.slice(0, 60))}`,
      run(A, (l) => l.parseTemplateText(x)),
      run(B, (l) => l.parseTemplateText(x)),
    )
  }
}
console.log(
  `${files.length} files (${(bytes / 1e6).toFixed(1)} M characters), ${compared} outputs compared (${errored} with syntax errors): ${differences === 0 ? 'identical' : `${differences} different`}`,
)
process.exit(differences === 0 ? 0 : 1)
