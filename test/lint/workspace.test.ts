// The Workspace behind `tfgraph lsp` (src/lint/workspace.ts), in process on files in memory: roots found
// as `lint --recursive` finds them, a buffer change analyses again only the roots that read the file,
// the root set follows edits that add a module call, findings of a shared module's file come from every
// root that calls it, each once.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {openWorkspace} from '../../src/lint/workspace.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import type {FileSource} from '../../src/io/inputs.js'

const FILES = {
  'envs/prod/main.tf':
    'provider "aws" {\n  alias = "east"\n}\nmodule "app" {\n  source = "../../modules/app"\n  providers = { aws = aws.east }\n}\n',
  'envs/dev/main.tf': 'module "app" {\n  source = "../../modules/app"\n}\n',
  'modules/app/main.tf': 'resource "aws_s3_bucket" "b" {}\n',
  'other/main.tf': 'resource "null_resource" "n" {}\n',
}
const at = (rel: string): string => path.join(MEMORY_ROOT, ...rel.split('/'))

function workspace() {
  return openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, FILES), env: {}})
}

async function analysedBy(ws: ReturnType<typeof workspace>): Promise<string[]> {
  const roots: string[] = []
  await ws.update((root) => roots.push(path.relative(MEMORY_ROOT, root)))
  return roots.sort()
}

test('the first update analyses every root; a change analyses again only the roots that read the file', async () => {
  const ws = workspace()
  try {
    assert.equal(await analysedBy(ws), ['envs/dev', 'envs/prod', 'other'])
    assert.equal(
      ws.roots().map((r) => path.relative(MEMORY_ROOT, r)),
      ['envs/dev', 'envs/prod', 'other'],
    )
    assert.equal(await analysedBy(ws), [], 'nothing changed: nothing analysed')
    ws.setBuffer(at('envs/dev/main.tf'), FILES['envs/dev/main.tf'] + '# edited\n')
    assert.equal(await analysedBy(ws), ['envs/dev'])
    ws.setBuffer(at('modules/app/main.tf'), 'resource "aws_s3_bucket" "b" {\n  provider = aws\n}\n')
    assert.equal(await analysedBy(ws), ['envs/dev', 'envs/prod'], 'the shared module: both its callers, not the third root')
    // the binding per root, from the buffer
    const as = await ws.analysesOf(at('modules/app/main.tf'))
    assert.equal(
      as.map((a) => [path.relative(MEMORY_ROOT, a.root), a.lint.analysis.resolution.resources.map((r) => r.providerConfig?.key)]),
      [
        ['envs/dev', ['provider["registry.terraform.io/hashicorp/aws"]']],
        ['envs/prod', ['provider["registry.terraform.io/hashicorp/aws"].east']],
      ],
    )
  } finally {
    await ws.close()
  }
})

test('an edit that calls another root makes it a module: the root set follows, its findings go', async () => {
  const ws = workspace()
  try {
    await ws.update()
    ws.setBuffer(at('other/main.tf'), 'resource "null_resource" "n" {\n  provider = null.missing\n}\n')
    const touched = await ws.update()
    assert.ok(touched.has(at('other/main.tf')))
    assert.ok(ws.findings(at('other/main.tf')).length > 0, 'a finding about the missing configuration')
    ws.setBuffer(at('envs/dev/main.tf'), FILES['envs/dev/main.tf'] + 'module "o" {\n  source = "../../other"\n}\n')
    await ws.update()
    assert.equal(
      ws.roots().map((r) => path.relative(MEMORY_ROOT, r)),
      ['envs/dev', 'envs/prod'],
    )
    // the file is now analysed as module.o of envs/dev
    const [a] = await ws.analysesOf(at('other/main.tf'))
    assert.is(a && path.relative(MEMORY_ROOT, a.root), 'envs/dev')
    assert.ok(ws.findings(at('other/main.tf')).every((f) => f.root === at('envs/dev')))
  } finally {
    await ws.close()
  }
})

test('findings of a shared module come from each root that calls it, each once; a file no root reaches is analysed on its own', async () => {
  const ws = openWorkspace(MEMORY_ROOT, {
    files: new MemorySource(MEMORY_ROOT, {...FILES, 'modules/app/main.tf': 'provider "aws" {}\nresource "aws_s3_bucket" "b" {}\n'}),
    env: {},
  })
  try {
    await ws.update()
    const f = ws.findings(at('modules/app/main.tf'))
    assert.ok(f.length > 0)
    const keys = f.map((x) => `${x.diagnostic.code}@${x.diagnostic.range?.start.byte}`)
    assert.equal(keys, [...new Set(keys)], 'each finding once')
    ws.setBuffer(at('loose/x/main.tf'), 'resource "aws_vpc" "v" {}\n')
    const outside = await ws.analysesOf(path.join(path.dirname(MEMORY_ROOT), 'elsewhere', 'main.tf'))
    assert.equal(outside, [], 'a file that does not exist: nothing')
    const loose = await ws.analysesOf(at('loose/x/main.tf'))
    assert.equal(
      loose.map((a) => [path.relative(MEMORY_ROOT, a.root), a.kind]),
      [['loose/x', 'root']],
      'a new unsaved file in a new directory: a new root',
    )
  } finally {
    await ws.close()
  }
})

/** The files in memory, with a hook on every read of a file from them (an edit that arrives while an analysis reads). */
function hooked(files: Record<string, string>, onRead: (p: string) => void): FileSource {
  const mem = new MemorySource(MEMORY_ROOT, files)
  return {
    read: (p) => {
      onRead(p)
      return mem.read(p)
    },
    list: (p) => mem.list(p),
    stat: (p) => mem.stat(p),
    realpath: (p) => mem.realpath(p),
    record: (fn) => mem.record(fn),
    note: () => mem.note(),
    unchanged: () => mem.unchanged(),
  }
}

test('an edit that arrives while an analysis runs abandons it: the newest text wins; requests meanwhile get the last complete analysis', async () => {
  const dev = at('envs/dev/main.tf')
  const versions = at('envs/dev/versions.tf')
  const text = (alias: string): string =>
    `module "app" {\n  source = "../../modules/app"\n}\nresource "aws_vpc" "v" {\n  provider = aws.${alias}\n}\n`
  let edit: (() => void) | undefined
  const ws = openWorkspace(MEMORY_ROOT, {
    env: {},
    // when the analysis reads versions.tf (after main.tf, whose buffer it has read), the next edit of main.tf arrives
    files: hooked({...FILES, 'envs/dev/versions.tf': 'terraform {\n  required_version = ">= 1.5"\n}\n'}, (p) => {
      if (p === versions && edit) {
        const e = edit
        edit = undefined
        queueMicrotask(e)
      }
    }),
  })
  try {
    await ws.update()
    const before = await ws.analysesOf(dev)
    ws.setBuffer(dev, text('first'))
    // its load reads versions.tf again (the listing of the directory changed with the buffer opened)
    let arrived = false
    edit = () => {
      arrived = true
      ws.setBuffer(dev, text('second'))
    }
    const published: string[] = []
    const update = ws.update({analysed: (files) => published.push(...[...files].map((f) => path.relative(MEMORY_ROOT, f)))})
    // asked while the update runs: at once, the last complete analysis (not the one being made)
    const meanwhile = await ws.analysesOf(dev, {fresh: false})
    assert.ok(meanwhile[0] === before[0], 'the last complete analysis')
    await update
    assert.ok(arrived, 'the edit arrived during the analysis')
    const [a] = await ws.analysesOf(dev, {fresh: false})
    assert.equal(
      a!.lint.analysis.resolution.resources.filter((r) => r.module.isRoot).map((r) => r.reference),
      ['aws.second'],
    )
    // the abandoned analysis told nothing: dev's findings were told once, those of the second text
    assert.equal(published.filter((f) => f === 'envs/dev/main.tf').length, 1)
    const messages = ws.findings(dev).map((f) => `${f.diagnostic.summary} ${f.diagnostic.detail ?? ''}`)
    assert.ok(messages.some((m) => m.includes('aws.second')) && !messages.some((m) => m.includes('aws.first')), messages.join('\n'))
    assert.ok(ws.current(dev))
  } finally {
    await ws.close()
  }
})

test('findings of a root a request analysed before the first update are told by that update, as are those of a later request after an edit', async () => {
  const ws = workspace()
  try {
    const file = at('other/main.tf')
    // a request (a code lens, a hover) arrives before the editor's first update runs: it analyses the root
    assert.ok((await ws.analysesOf(file)).length === 1)
    assert.ok(ws.findings(file).length > 0, 'the fixture has findings (required-version at least)')
    const told: string[] = []
    await ws.update({analysed: (files) => told.push(...files)})
    assert.ok(told.includes(file), `told: ${told.join(' ')}`)
    // an edit, a request that analyses again, then the update: the file is told again; untouched roots are not
    ws.setBuffer(file, 'terraform {\n  required_version = ">= 1.5"\n}\n')
    await ws.analysesOf(file)
    const again: string[] = []
    await ws.update({analysed: (files) => again.push(...files)})
    assert.equal(again, [file])
    assert.ok(!ws.findings(file).some((f) => f.diagnostic.rule === 'required-version'))
  } finally {
    await ws.close()
  }
})

test('#48 a module asked for while the first update searches for roots: its roots, never the module on its own', async () => {
  // asked after each number of turns of the event loop, to meet the search at each of its steps
  for (let turns = 0; turns < 12; turns++) {
    const ws = workspace()
    try {
      const update = ws.update()
      for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve))
      const analyses = await ws.analysesOf(at('modules/app/main.tf'), {fresh: false})
      assert.equal(
        analyses.map((a) => [path.relative(MEMORY_ROOT, a.root), a.kind]),
        [
          ['envs/dev', 'root'],
          ['envs/prod', 'root'],
        ],
        `after ${turns} turns`,
      )
      await update
      assert.equal(
        ws
          .findings(at('modules/app/main.tf'))
          .flatMap((f) => f.roots.map((r) => path.relative(MEMORY_ROOT, r.root)))
          .filter((r) => r === 'modules/app'),
        [],
        `after ${turns} turns: no findings of the module as a root`,
      )
    } finally {
      await ws.close()
    }
  }
})

test.run()
