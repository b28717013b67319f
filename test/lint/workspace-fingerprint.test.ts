// The workspace and the provider fingerprint (#48 item 3): an edit that leaves the edited module's
// fingerprint unchanged marks no root stale — only the module stage runs, the roots' tree-stage findings move
// with the text — and the findings are those of a workspace that analysed everything again (with their
// fixes, asked for after); an edit that changes it analyses the roots. In memory: a module called by a root.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {openWorkspace, type Finding, type Workspace} from '../../src/lint/workspace.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'

const MODULE = [
  'terraform {',
  '  required_providers {',
  '    aws = {',
  '      source                = "hashicorp/aws"',
  '      configuration_aliases = [aws.east]',
  '    }',
  '  }',
  '}',
  '',
  // first: the root's finding about it names its line, which an edit below leaves where it is
  'resource "random_id" "r" {',
  '  byte_length = 4',
  '}',
  '',
  'resource "aws_s3_bucket" "b" {',
  '  provider = aws.east',
  '  bucket   = "bucket-name"',
  '}',
  '',
  'variable "unused" {}',
  '',
].join('\n')

const ROOT = [
  'provider "aws" {',
  '  alias  = "east"',
  '  region = "us-east-1"',
  '}',
  '',
  'module "m" {',
  '  source    = "../modules/m"',
  '  providers = { aws.east = aws.east }',
  '}',
  '',
  'resource "aws_sqs_queue" "q" {',
  '  name = "q"',
  '}',
  '',
].join('\n')

const FILES = {'root/main.tf': ROOT, 'modules/m/main.tf': MODULE, 'modules/m/variables.tf': 'variable "other" {}\n'}
const at = (rel: string): string => path.join(MEMORY_ROOT, ...rel.split('/'))
const moduleFile = at('modules/m/main.tf')
const rootFile = at('root/main.tf')
const FILES_SHOWN = [moduleFile, rootFile, at('modules/m/variables.tf')]

function workspace(): Workspace {
  return openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, FILES), env: {}})
}

const shown = (fs: readonly Finding[]): string[] =>
  fs.map((f) =>
    JSON.stringify([
      f.root,
      f.roots,
      f.diagnostic.rule,
      f.diagnostic.summary,
      f.diagnostic.detail,
      f.diagnostic.range,
      f.diagnostic.fixes ?? null,
    ]),
  )

/** What a workspace that analyses everything with these buffers finds, file by file. */
async function fresh(buffers: Record<string, string>, fixes = false): Promise<string[][]> {
  const ws = workspace()
  try {
    for (const [f, t] of Object.entries(buffers)) ws.setBuffer(f, t)
    await ws.update()
    const out: string[][] = []
    for (const f of FILES_SHOWN) out.push(shown(fixes ? await ws.findingsWithFixes(f) : ws.findings(f)))
    return out
  } finally {
    await ws.close()
  }
}

/** One edit into an open buffer, and how many roots the update analysed. */
async function type(ws: Workspace, file: string, text: string): Promise<number> {
  ws.setBuffer(file, text)
  let analysed = 0
  await ws.update({progress: () => analysed++})
  return analysed
}

test('#48 an edit inside a resource body analyses no root; the findings are those of a full analysis, fixes included', async () => {
  const ws = workspace()
  try {
    await ws.update()
    ws.setBuffer(moduleFile, MODULE)
    await ws.update()
    const edits = [
      // lines added in a body: the findings below move
      MODULE.replace('  bucket   = "bucket-name"', '  # a comment\n  # another\n  bucket   = "bucket-name"'),
      // a literal changed, a module-stage finding (a duplicate key) added in the body
      MODULE.replace('"bucket-name"', '"other"\n  tags     = { a = "1", a = "2" }'),
      MODULE.replace('byte_length = 4', 'byte_length = 8'),
    ]
    for (const text of edits) {
      assert.is(await type(ws, moduleFile, text), 0, text)
      assert.ok(ws.current(moduleFile))
      const want = await fresh({[moduleFile]: text})
      assert.equal(
        FILES_SHOWN.map((f) => shown(ws.findings(f))),
        want,
        text,
      )
      assert.equal(
        await Promise.all(FILES_SHOWN.map(async (f) => shown(await ws.findingsWithFixes(f)))),
        await fresh({[moduleFile]: text}, true),
      )
    }
  } finally {
    await ws.close()
  }
})

test('#48 an edit that changes the fingerprint, or lies on a finding, analyses the roots again', async () => {
  const ws = workspace()
  try {
    await ws.update()
    ws.setBuffer(moduleFile, MODULE)
    await ws.update()
    const edits = [
      MODULE.replace('provider = aws.east', 'provider = aws'),
      // lines added above a finding whose text names its line
      MODULE.replace('  byte_length = 4', '  # one\n  byte_length = 4'),
      MODULE.replace('"bucket-name"', 'var.unused'),
      // the random_id resource's header: a tree-stage finding (no required_providers entry for random) is there
      MODULE.replace('resource "random_id" "r" {', 'resource "random_id" "r" { # here'),
    ]
    for (const text of edits) {
      assert.ok((await type(ws, moduleFile, text)) > 0, text)
      assert.equal(
        FILES_SHOWN.map((f) => shown(ws.findings(f))),
        await fresh({[moduleFile]: text}),
        text,
      )
    }
  } finally {
    await ws.close()
  }
})

test("#48 an edit inside a root's own resource body analyses nothing; the findings after it move", async () => {
  const ws = workspace()
  try {
    await ws.update()
    ws.setBuffer(rootFile, ROOT)
    await ws.update()
    const text = ROOT.replace('  name = "q"', '  # one\n  # two\n  name = "queue"')
    assert.is(await type(ws, rootFile, text), 0)
    assert.equal(
      FILES_SHOWN.map((f) => shown(ws.findings(f))),
      await fresh({[rootFile]: text}),
    )
  } finally {
    await ws.close()
  }
})

test.run()
