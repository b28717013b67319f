// The Workspace's first update with a file already open (#48: first diagnostics): the module stage of the
// file's directory runs before the roots are searched for, its findings are the file's first (provisional,
// not current), the roots its directory is reached from are analysed before the others, and the findings
// once every root is analysed are those of a workspace updated without the file open first.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {openWorkspace} from '../../src/lint/workspace.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'

// modules/app: a map giving a key twice (the module stage's `map-duplicate-keys`), and a variable no one
// reads (`unused-declaration`, also a module-stage rule); reached from the root z only (named last)
const MODULE = 'resource "aws_s3_bucket" "b" {\n  tags = { a = "1", a = "2" }\n}\n\nvariable "unused" {}\n'
const FILES: Record<string, string> = {
  'a/main.tf': 'resource "null_resource" "n" {}\n',
  'b/main.tf': 'provider "aws" {\n  alias = "x"\n}\n',
  'c/main.tf': 'module "m" {\n  source = "../modules/other"\n}\n',
  'modules/other/main.tf': 'variable "v" {}\n',
  'z/main.tf': 'module "app" {\n  source = "../modules/app"\n}\n',
  'modules/app/main.tf': MODULE,
}
const at = (rel: string): string => path.join(MEMORY_ROOT, ...rel.split('/'))
const app = at('modules/app/main.tf')

function workspace() {
  return openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, FILES), env: {}})
}

test('#48 first update with a file open: its module stage is told first, before any root is found, then its root, then the others', async () => {
  const ws = workspace()
  try {
    ws.setBuffer(app, MODULE)
    const told: {files: string[]; roots: number; provisional: string[] | undefined; current: boolean; analysed: boolean}[] = []
    const started: string[] = []
    await ws.update({
      progress: (root) => started.push(path.relative(MEMORY_ROOT, root)),
      analysed: (files) =>
        told.push({
          files: [...files].map((f) => path.relative(MEMORY_ROOT, f)),
          roots: ws.roots().length,
          provisional: ws.provisionalFindings(app)?.map((f) => f.diagnostic.rule),
          current: ws.current(app),
          analysed: ws.analysed(app),
        }),
    })
    const first = told[0]
    assert.ok(first, 'told')
    assert.equal(first.files, ['modules/app/main.tf'], 'the open file is told first, alone')
    assert.is(first.roots, 0, 'before the roots are searched for')
    assert.ok(
      first.provisional?.includes('map-duplicate-keys') && first.provisional.includes('unused-declaration'),
      'its module stage findings',
    )
    assert.is(first.current, false, 'not current: its roots are still to be analysed')
    assert.is(first.analysed, true, 'an editor can publish it')
    assert.is(started[0], 'z', 'the root reaching the open file is analysed first')
    assert.ok(ws.current(app))
  } finally {
    await ws.close()
  }
})

test('#48 first update with a file open: once every root is analysed, the findings are those of a workspace where it was opened after', async () => {
  const a = workspace()
  const b = workspace()
  try {
    a.setBuffer(app, MODULE)
    await a.update()
    await b.update()
    b.setBuffer(app, MODULE)
    await b.update()
    const all = (ws: typeof a) =>
      Object.keys(FILES).map((f) => ws.findings(at(f)).map((x) => ({root: x.root, roots: x.roots, d: x.diagnostic})))
    assert.equal(all(a), all(b))
    assert.ok(a.findings(app).length >= 2)
    assert.equal(a.provisionalFindings(app), undefined)
  } finally {
    await a.close()
    await b.close()
  }
})

test.run()
