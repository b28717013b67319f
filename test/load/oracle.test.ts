// Differential check against real Terraform: each fixture's terraform-oracle.validate.json was
// recorded with ../shared/tools/terraform-oracle (the Terraform version is inside the file). tfgraph's
// loading diagnostics must be the same (severity, summary, file, line, column), except for the
// differences listed here, each with its reason.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {loadConfig, type Diagnostic} from '../helpers/internal.js'
import {fixturesDir} from '../helpers/paths.js'

interface OracleDiag {
  severity: string
  summary: string
  detail: string
  range?: {filename: string; start: {line: number; column: number}}
}

/** Terraform 1.11 texts that Terraform ≥ 1.13 (what tfgraph follows, REFERENCE §b.2) changed. */
const NEWER_TEXT: Record<string, string> = {
  'Both a backend and cloud configuration are present': "Conflicting 'cloud' and 'backend' configuration blocks are present",
  'Duplicate backend configuration': "Duplicate 'backend' configuration block",
}

/** Checks that run after loading (provider validation across modules): not the loader's job. */
const LATER_STAGES = new Set(['Missing required provider configuration'])

/** Fixtures whose parse-error recovery differs: only the first error line of each file is compared. */
const FIRST_ERROR_PER_FILE = new Set(['bad-input'])

function key(d: {severity: string; summary: string; range?: {filename: string; start: {line: number; column: number}}}): string {
  return `${d.severity} ${d.summary} @ ${d.range ? `${d.range.filename}:${d.range.start.line},${d.range.start.column}` : '-'}`
}

function firstPerFile(ds: readonly {severity: string; range?: {filename: string; start: {line: number}}}[]): string[] {
  const seen = new Map<string, number>()
  for (const d of ds) {
    if (!d.range || d.severity !== 'error') continue
    const prev = seen.get(d.range.filename)
    if (prev === undefined || d.range.start.line < prev) seen.set(d.range.filename, d.range.start.line)
  }
  return [...seen.entries()].map(([f, l]) => `${f}:${l}`).sort()
}

const base = path.join(fixturesDir, 'load')
for (const name of readdirSync(base).sort()) {
  const file = path.join(base, name, 'terraform-oracle.validate.json')
  if (!existsSync(file) || name.startsWith('tofu-')) continue
  test(`fixture ${name}: diagnostics agree with recorded Terraform`, async () => {
    const oracle = JSON.parse(readFileSync(file, 'utf8')) as {terraform_version: string; diagnostics: OracleDiag[]}
    const ours: readonly Diagnostic[] = (await loadConfig(path.join(base, name), {engine: 'terraform'})).diagnostics
    const theirs = oracle.diagnostics
      .filter((d) => !LATER_STAGES.has(d.summary))
      .map((d) => ({...d, summary: NEWER_TEXT[d.summary] ?? d.summary}))
    if (FIRST_ERROR_PER_FILE.has(name)) {
      assert.equal(firstPerFile(ours), firstPerFile(theirs), `Terraform ${oracle.terraform_version}`)
      return
    }
    assert.equal(ours.map(key).sort(), theirs.map(key).sort(), `Terraform ${oracle.terraform_version}`)
    // Where the text is the same version's, the detail must match too.
    for (const d of theirs) {
      if (Object.values(NEWER_TEXT).includes(d.summary)) continue
      const mine = ours.find((o) => key(o) === key(d))
      assert.is(mine?.detail, d.detail, key(d))
    }
  })
}

test.run()
