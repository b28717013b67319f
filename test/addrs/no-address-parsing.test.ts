// Addresses travel as values (src/addrs: ModulePath, AbsProviderConfig, ResourceAddr, the stack addresses, keyed by `.key`) and
// become text only where they are written out (issue #50). Reading an address string back — splitting it on
// dots, matching `module.` or `provider[` with a regular expression, cutting it at `.module.` or out of a
// diagnostic's summary — belongs in src/addrs alone. This test finds those shapes anywhere else in src/ and
// fails with file:line, unless the
// line is on the list below with its reason: text that is no address (versions, Mermaid ids, prose), or an
// address string the code still reads back because the value it comes from is still a string (listed to be
// converted, not to stay).
import {readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from '../helpers/paths.js'

const SHAPES: readonly RegExp[] = [
  // splitting on the address separator, or at a module call
  /\.split\(\s*(['"`])\.(?:module\.)?\1\s*\)/,
  // regular expressions over module calls, provider configurations, or a stack's components and embedded stacks
  /module\\\.|provider\\\[|\bcomponent\\\.|\bstack\\\./,
  // cutting an address at a module call or a provider configuration
  /(?:startsWith|indexOf|lastIndexOf|includes)\(\s*(['"`])\.?(?:module\.|provider\[|component\.|stack\.)/,
  // an address cut back out of a diagnostic's text (`missing provider <address>`): carry the value instead
  /\.summary\.(?:slice|split|match|substring|indexOf)\(/,
]

/** What may keep one of those shapes: a file, a text its line contains, and why. */
interface Allowed {
  readonly file: string
  readonly line: string
  readonly why: string
}

const NOT_ADDRESSES: readonly Allowed[] = [
  {file: 'src/providers/releases/engine-version.ts', line: "b.version.split('.')", why: 'a version number'},
  {file: 'src/providers/releases/constraints.ts', line: "(m[1] ?? '').split('.')", why: 'a version constraint'},
  {file: 'src/providers/releases/constraints.ts', line: "a.split('.')", why: 'a version number'},
  {file: 'src/providers/releases/constraints.ts', line: "b.split('.')", why: 'a version number'},
  {file: 'src/load/file-sites.ts', line: "min.split('.')", why: 'a version number'},
  {file: 'src/render/graph-mermaid.ts', line: "id.split('.')", why: "a Mermaid node id's segments, checked as Mermaid reads them"},
  {
    file: 'src/load/stacks/decode-providers-map.ts',
    line: "lit.split('.')",
    why: 'a stack providers map value as written (`provider.aws.this`), a reference, not an address',
  },
  {file: 'src/crawl/static-eval.ts', line: "r.address.split('.')", why: 'a reference in an expression (`module.x.out`), not an address'},
  {file: 'src/export/html-data.ts', line: 'const addressLike', why: 'finds addresses in prose to link them; reads none back'},
  {file: 'src/lint/lint.ts', line: "d.code.startsWith('module.')", why: 'a diagnostic code'},
]

/** Address strings still read back because what they come from is still text; each is to become a value. */
const STILL_TEXT: readonly Allowed[] = []

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : []
  })
}

/** The lines of `text` that read an address string back: `file:line: text`, comments left out. */
export function addressParsingLines(file: string, text: string): {file: string; line: number; text: string}[] {
  return text.split('\n').flatMap((line, i) => {
    const code = line.trim()
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return []
    return SHAPES.some((re) => re.test(line)) ? [{file, line: i + 1, text: code}] : []
  })
}

test('the detector finds each shape of reading an address back', () => {
  const sample = [
    "const parts = address.split('.')",
    "const calls = m.split('.module.')",
    'const m = /^(.*)\\.provider\\[/.exec(config)',
    "at.replace(/(^|\\.)module\\.[^.]+$/, '')",
    "if (x.startsWith('module.')) return",
    "const i = text.indexOf('.provider[')",
    "const addr = p.diagnostic.summary.slice('missing provider '.length)",
    "if (address.startsWith('component.')) return",
    'const m = /^stack\\.([^.]+)\\.component\\.(.+)$/.exec(address)',
    "// address.split('.') in a comment",
    "const v = version.split('-')",
    'const s = `${m}.provider[${JSON.stringify(p)}]`',
  ].join('\n')
  assert.equal(
    addressParsingLines('x.ts', sample).map((l) => l.line),
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  )
})

test('no address string is read back outside src/addrs', () => {
  const src = path.join(repoRoot, 'src')
  const files = sourceFiles(src).filter((f) => !f.startsWith(path.join(src, 'addrs') + path.sep))
  assert.ok(files.length > 50, `found the sources (${files.length} files)`)
  const allowed = [...NOT_ADDRESSES, ...STILL_TEXT]
  const used = new Set<Allowed>()
  const found = files.flatMap((f) => addressParsingLines(path.relative(repoRoot, f).split(path.sep).join('/'), readFileSync(f, 'utf8')))
  const unexplained = found.filter((l) => {
    const a = allowed.find((x) => x.file === l.file && l.text.includes(x.line))
    if (a) used.add(a)
    return !a
  })
  assert.equal(
    unexplained.map((l) => `${l.file}:${l.line}: ${l.text}`),
    [],
    'address strings read back outside src/addrs: use the values of src/addrs (or parse there)',
  )
  const stale = allowed.filter((a) => !used.has(a)).map((a) => `${a.file}: ${a.line}`)
  assert.equal(stale, [], 'allowed lines that are no longer there: remove them from the list')
})

test.run()
