// The Workspace's laziness (#48 item 4): analyses are linted without fixes, and a code action's
// `findingsWithFixes` computes them then, the same as a lint with fixes; the roots holding the file last
// edited are analysed first, and while the others are stale a file's provisional findings are those of the
// roots up to date plus the stale roots' on the lines the edit left alone.
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
    assert.equal(seen[0], {
      current: false,
      // dev's findings; prod's on the changed line 1 left out, its finding of line 3 moved to line 4
      provisional: after.map((s) => (s.includes(' 1:') ? s.replace(' envs/prod]', ']') : s)),
    })
    assert.ok(
      after.some((s) => s.startsWith('unused-declaration 4:1-4 byte 34 [envs/dev envs/prod]')),
      after.join('\n'),
    )
    assert.equal(seen[1], {current: true, provisional: undefined})
  } finally {
    await ws.close()
  }
})

test.run()
