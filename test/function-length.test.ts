// No function in src/ over 150 lines (issue #28): a function that long holds more than one idea. Every
// function-like node with a body — function declarations, methods, constructors, accessors, arrow functions,
// function expressions — is measured with the TypeScript compiler API, each on its own (a nested function's
// lines count for it and for the function around it). Length is last line − first line + 1 of the node.
// src/hcl/native/ (the HCL lexer and parser) is exempt: a hand-written parser reads best as one loop.
import {readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import ts from 'typescript'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from './helpers/paths.js'

const LIMIT = 150

/**
 * Functions allowed over the limit, as `file name` (none since issue #28). The test fails when one of them
 * comes under the limit or is gone, so the list cannot go stale.
 */
const ALLOWED = new Set<string>([])

interface LongFunction {
  file: string
  line: number
  name: string
  lines: number
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : []
  })
}

/** What a reader calls a function: its own name, else the name of what it is assigned to, else `<anonymous>`. */
function functionName(node: ts.FunctionLikeDeclaration, sf: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  if (node.name) return node.name.getText(sf)
  const parent = node.parent
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(sf)
  }
  return '<anonymous>'
}

/** Every function-like node with a body in `text` longer than `limit` lines. */
export function longFunctions(file: string, text: string, limit = LIMIT): LongFunction[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: LongFunction[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration
      const first = sf.getLineAndCharacterOfPosition(fn.getStart(sf)).line + 1
      const last = sf.getLineAndCharacterOfPosition(fn.getEnd()).line + 1
      const lines = last - first + 1
      if (lines > limit) found.push({file, line: first, name: functionName(fn, sf), lines})
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

const format = (f: LongFunction): string => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`

test('the detector measures each function on its own', () => {
  const fn = (name: string, bodyLines: number): string =>
    [`function ${name}() {`, ...Array.from({length: bodyLines}, (_, i) => `  const v${i} = ${i}`), '}'].join('\n')
  // 151 and 150 lines in all, counting the `function` line and the closing brace.
  const sample = [fn('tooLong', 149), fn('justRight', 148)].join('\n')
  assert.equal(longFunctions('x.ts', sample).map(format), ['x.ts:1 tooLong (151 lines)'])

  const nested = [
    'export class Walker {',
    '  walk(): void {',
    '    const inner = (n: number) => {',
    ...Array.from({length: 4}, (_, i) => `      const v${i} = n + ${i}`),
    '    }',
    '    inner(1)',
    '  }',
    '}',
  ].join('\n')
  assert.equal(longFunctions('y.ts', nested, 5).map(format), ['y.ts:2 walk (9 lines)', 'y.ts:3 inner (6 lines)'])
  assert.equal(longFunctions('y.ts', nested, 6).map(format), ['y.ts:2 walk (9 lines)'])
  assert.equal(longFunctions('z.ts', 'export const f = function () {\n  return [1].map(() => {\n    return 2\n  })\n}').map(format), [])
  assert.equal(longFunctions('z.ts', 'export const f = function () {\n  return [1].map(() => {\n    return 2\n  })\n}', 2).map(format), [
    'z.ts:1 f (5 lines)',
    'z.ts:2 <anonymous> (3 lines)',
  ])
})

test(`no function in src/ over ${LIMIT} lines (outside src/hcl/native/)`, () => {
  const src = path.join(repoRoot, 'src')
  const files = sourceFiles(src).filter((f) => !f.startsWith(path.join(src, 'hcl', 'native') + path.sep))
  assert.ok(files.length > 50, `found the sources (${files.length} files)`)
  const found = files.flatMap((f) => longFunctions(path.relative(repoRoot, f).split(path.sep).join('/'), readFileSync(f, 'utf8')))
  const over = found.filter((f) => !ALLOWED.has(`${f.file} ${f.name}`))
  assert.equal(
    over.map(format),
    [],
    `functions over ${LIMIT} lines (split each into functions that hold one idea):\n${over.map(format).join('\n')}`,
  )
  const stale = [...ALLOWED].filter((key) => !found.some((f) => `${f.file} ${f.name}` === key))
  assert.equal(stale, [], `allowlisted but no longer over ${LIMIT} lines, or gone (remove from ALLOWED):\n${stale.join('\n')}`)
})

test.run()
