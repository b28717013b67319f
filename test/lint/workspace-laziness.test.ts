// The Workspace's laziness (#48 item 4): analyses are linted without fixes, and a code action's
// `findingsWithFixes` computes them then, the same as a lint with fixes; the roots holding the file last
// edited are analysed first, and while the others are stale a file's provisional findings are those of the
// roots up to date plus the stale roots' on the lines the edit left alone; before any of them, the module
// stage of the edited file's directory (#48 item 1).
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {openWorkspace, type Finding} from '../../src/lint/workspace.js'
import {lint} from '../../src/lint/lint.js'
import {RunContext} from '../../src/load/run-context.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'

const MODULE = 'resource "aws_s3_bucket" "b" {}\n\nvariable "unused" {}\n'
const FILES = {
  'envs/prod/main.tf':
    'provider "aws" {\n  alias = "east"\n}\nmodule "app" {\n  source = "../../modules/app"\n  providers = { aws = aws.east }\n}\n',
  'envs/dev/main.tf': 'module "app" {\n  source = "../../modules/app"\n}\n',
  'modules/app/main.tf': MODULE,
  'a/main.tf': 'resource "null_resource" "n" {}\n',
}
const at = (rel: string): string => path.join(MEMORY_ROOT, ...rel.split('/'))
const rel = (p: string): string => path.relative(MEMORY_ROOT, p)
const app = at('modules/app/main.tf')

function workspace(files: Record<string, string> = FILES) {
  return openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, files), env: {}})
}

/** A finding as the editor shows it: rule, place, and the roots that found it. */
const shown = (f: Finding): string =>
  `${f.diagnostic.rule} ${f.diagnostic.range?.start.line}:${f.diagnostic.range?.start.column}-${f.diagnostic.range?.end.line} byte ${f.diagnostic.range?.start.byte} [${f.roots.map((r) => rel(r.root)).join(' ')}]`

test('#48 the analyses have no fixes; findingsWithFixes computes them, the same as lint with fixes, and again after an edit', async () => {
  const ws = workspace()
  try {
    await ws.update()
    const plain = ws.findings(app)
    assert.ok(plain.length > 0)
    assert.equal(
      plain.filter((f) => f.diagnostic.fixes !== undefined),
      [],
      'no fixes computed by the analyses',
    )
    for (const text of [MODULE, '# a comment\n' + MODULE]) {
      if (text !== MODULE) {
        ws.setBuffer(app, text)
        await ws.update()
      }
      const fixed = await ws.findingsWithFixes(app)
      const files = new MemorySource(MEMORY_ROOT, {...FILES, 'modules/app/main.tf': text})
      const direct = await lint(at('envs/dev'), {context: new RunContext({files, cache: false, env: {}}), env: {}, fixes: true})
      const mine = direct.diagnostics.filter((d) => d.range?.filename === '../../modules/app/main.tf')
      assert.equal(
        fixed.map((f) => f.diagnostic),
        mine,
        'the findings of the first root, with the fixes lint --fix computes',
      )
      assert.ok(
        fixed.some((f) => (f.diagnostic.fixes?.length ?? 0) > 0),
        'a fix is offered',
      )
      assert.equal(
        fixed.map((f) => ({...f.diagnostic, fixes: undefined})),
        ws.findings(app).map((f) => ({...f.diagnostic, fixes: undefined})),
        'the same findings as without fixes',
      )
    }
  } finally {
    await ws.close()
  }
})

test("#48 the roots of the file last edited are analysed first; meanwhile its provisional findings include the stale roots' on unchanged lines", async () => {
  const ws = workspace()
  try {
    await ws.update()
    assert.equal(ws.provisionalFindings(app), undefined, 'current: none')
    // `a` sorts first and holds an open buffer, but the module was edited last
    ws.setBuffer(at('a/main.tf'), FILES['a/main.tf'] + '# edited\n')
    // line 1 changed (and split in two); the variable moves from line 3 to 4
    ws.setBuffer(app, 'resource "aws_s3_bucket" "c" {\n}\n\nvariable "unused" {}\n')
    const order: string[] = []
    const seen: {current: boolean; provisional: string[] | undefined}[] = []
    await ws.update({
      progress: (root) => order.push(rel(root)),
      analysed: () => seen.push({current: ws.current(app), provisional: ws.provisionalFindings(app)?.map(shown)}),
    })
    assert.equal(order, ['envs/dev', 'envs/prod', 'a'])
    const after = ws.findings(app).map(shown)
    // before any root: the module stage's findings (exact for the new text), with the stale roots that found
    // the same on unchanged lines; prod's and dev's on the changed line 1 left out
    assert.equal(seen[0], {
      current: false,
      provisional: [
        'required-version 1:1-1 byte 0 []',
        'unused-declaration 4:1-4 byte 34 [envs/dev envs/prod]',
        'typed-variables 4:1-4 byte 34 [envs/dev envs/prod]',
      ],
    })
    assert.equal(seen[1], {
      current: false,
      // dev's findings (in its form: the module stage's are the same); prod's on the changed line 1 left out,
      // its finding of line 3 moved to line 4
      provisional: after.map((s) => (s.includes(' 1:') ? s.replace(' envs/prod]', ']') : s)),
    })
    assert.ok(
      after.some((s) => s.startsWith('unused-declaration 4:1-4 byte 34 [envs/dev envs/prod]')),
      after.join('\n'),
    )
    assert.equal(seen[2], {current: true, provisional: undefined})
  } finally {
    await ws.close()
  }
})

test('#48 an edit of a module: its module stage is told before any root is analysed, exact for the new text, and the findings once the roots are current are unchanged', async () => {
  const ws = workspace()
  try {
    await ws.update()
    // a new variable on a new line: no root's last analysis has its findings
    const text = MODULE + '\nvariable "added" {}\n'
    ws.setBuffer(app, text)
    const events: string[] = []
    const early: Finding[][] = []
    await ws.update({
      progress: (root) => events.push(`analyse ${rel(root)}`),
      analysed: (files) => {
        events.push(`told ${[...files].map(rel).join(' ')}`)
        if (early.length === 0) early.push([...(ws.provisionalFindings(app) ?? [])])
      },
    })
    assert.equal(events.slice(0, 2), ['told modules/app/main.tf', 'analyse envs/dev'], events.join('\n'))
    const first = early[0] ?? []
    assert.ok(
      first.some((f) => f.diagnostic.rule === 'unused-declaration' && f.diagnostic.range?.start.line === 5),
      first.map(shown).join('\n'),
    )
    // the module stage's form: named relative to the module's directory, the module as its own root
    for (const f of first.filter((x) => x.diagnostic.range?.start.line === 5)) {
      assert.is(f.root, path.dirname(app))
      assert.is(f.diagnostic.range?.filename, 'main.tf')
      assert.equal(f.roots, [])
    }
    // each finding once: by rule, code, severity and place
    const places = first.map((f) => `${f.diagnostic.rule} ${f.diagnostic.code} ${f.diagnostic.severity} ${f.diagnostic.range?.start.byte}`)
    assert.equal(places, [...new Set(places)])
    // once the roots are current: exactly what a workspace that never saw the module stage reports
    assert.ok(ws.current(app))
    const fresh = workspace({...FILES, 'modules/app/main.tf': text})
    try {
      await fresh.update()
      assert.equal(ws.findings(app), fresh.findings(app))
    } finally {
      await fresh.close()
    }
    assert.equal(ws.provisionalFindings(app), undefined)
  } finally {
    await ws.close()
  }
})

test.run()
