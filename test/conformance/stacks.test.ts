// Conformance with Terraform Stacks (issue 40): the test cases of Terraform's own stack tests
// (internal/stacks/stackruntime/validate_test.go, internal/stacks/stackconfig/config_test.go) restated as
// fixtures (fixtures/conformance-stacks, written for tfgraph: the same blocks, names and providers), each
// with the diagnostics the Go test expects recorded in ANSWERS.json. Every case that concerns providers,
// components or files must agree; the ones out of scope are listed there with why (and in docs/stacks.md).
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {DIAGNOSTIC_CODES, isDiagnosticCode} from '../../src/diag/codes.js'
import {formatRange, type Diagnostic} from '../../src/diag/diagnostic.js'
import {analyzeProviders} from '../helpers/internal.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

interface Expected {
  readonly severity: string
  readonly summary: string
  readonly detail: string
  readonly range: string
}
interface Case {
  readonly case: string
  readonly dir: string
  readonly test: string
  readonly stage: 'validate' | 'load'
  readonly diagnostics?: readonly Expected[]
  readonly summaries?: readonly string[]
}
interface Answers {
  readonly cases: readonly Case[]
  readonly out_of_scope: readonly {case: string; test: string; why: string}[]
}

const base = path.join(fixturesDir, 'conformance-stacks')
const answers = JSON.parse(readFileSync(path.join(base, 'ANSWERS.json'), 'utf8')) as Answers

/** Terraform's diagnostics (tfgraph's own notes left out). */
function terraforms(d: Diagnostic): boolean {
  return (
    !isDiagnosticCode(d.code) ||
    !(d.code in DIAGNOSTIC_CODES) ||
    DIAGNOSTIC_CODES[d.code as keyof typeof DIAGNOSTIC_CODES].origin !== 'tfgraph'
  )
}

function line(d: {severity: string; summary: string; detail: string; range?: string}): string {
  return `${d.severity}: ${d.summary} | ${d.detail} | ${d.range ?? '-'}`
}

function shown(d: Diagnostic): string {
  return line({severity: d.severity, summary: d.summary, detail: d.detail, ...(d.range ? {range: formatRange(d.range)} : {})})
}

const agree: string[] = []
for (const c of answers.cases) {
  test(`stacks conformance: ${c.case} (${c.test})`, async () => {
    const a = await analyzeProviders(path.join(base, c.dir))
    assert.ok(a.stack, 'analysed as a stack')
    // the loader's diagnostics: those of the stack configuration tree itself
    const loaded = new Set<Diagnostic>()
    const visit = (n: NonNullable<typeof a.stack>['config']): void => {
      for (const d of [...n.stack.diagnostics, ...n.diagnostics]) loaded.add(d)
      for (const child of n.children.values()) visit(child)
    }
    visit(a.stack!.config)
    const got = a.diagnostics.filter(terraforms).filter((d) => c.stage === 'validate' || loaded.has(d))
    if (c.summaries) {
      for (const s of c.summaries)
        assert.ok(
          got.some((d) => d.severity === 'error' && d.summary === s),
          `an error "${s}" in:\n${got.map(shown).join('\n')}`,
        )
    } else {
      const lines = got.map(shown).sort()
      assert.equal(lines, (c.diagnostics ?? []).map(line).sort())
    }
    agree.push(c.case)
  })
}

test('stacks conformance: every case agrees, and the out-of-scope ones are listed with why in docs/stacks.md', () => {
  assert.is(agree.length, answers.cases.length, `agree: ${agree.join(', ')}`)
  const doc = readFileSync(path.join(repoRoot, 'docs', 'stacks.md'), 'utf8')
  for (const o of answers.out_of_scope) {
    assert.ok(o.why.length > 0, o.case)
    assert.ok(doc.includes(o.case), `docs/stacks.md lists ${o.case}`)
  }
  console.log(
    `  stacks conformance: ${agree.length}/${answers.cases.length} cases agree with Terraform's tests; ${answers.out_of_scope.length} out of scope`,
  )
})

test.run()
