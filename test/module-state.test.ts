// No module-level mutable state in src/ (issue #15): caches, pools and recorded inputs belong to the
// run context (src/load/run-context.ts). A top-level `let`/`var`, or a top-level collection created
// empty (`new Map()`, `new Set()`, `new WeakMap()`, `new WeakSet()`, `[]`, `{}`) — the shape every cache
// had — fails this test with its file:line. Constant lookup tables built from literals are fine.
import {readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from './helpers/paths.js'

const MUTABLE = [
  /^(?:export\s+)?(?:let|var)\s/,
  /^(?:export\s+)?const\s+[\w$]+\s*(?::[^=]+)?=\s*(?:new\s+(?:Map|Set|WeakMap|WeakSet)\s*(?:<[^>]*>)?\(\s*\)|\[\s*\]|\{\s*\})\s*;?\s*$/,
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : []
  })
}

export function moduleStateLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (MUTABLE.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []))
}

test('the detector finds each shape of module-level state', () => {
  const sample = [
    'let hits = 0',
    'const cache = new Map<string, number>()',
    'export const seen = new WeakSet()',
    'const queue: string[] = []',
    'const KEYS = new Set([1])',
    '  let local = 1',
  ].join('\n')
  assert.equal(
    moduleStateLines('x.ts', sample).map((l) => l.split(':')[1]),
    ['1', '2', '3', '4'],
  )
})

test('no module-level mutable state in src/', () => {
  const src = path.join(repoRoot, 'src')
  const files = sourceFiles(src)
  assert.ok(files.length > 50, `found the sources (${files.length} files)`)
  const found = files.flatMap((f) => moduleStateLines(path.relative(repoRoot, f).split(path.sep).join('/'), readFileSync(f, 'utf8')))
  assert.equal(found, [], `module-level mutable state:\n${found.join('\n')}`)
})

test.run()
