// The second table of src/load/block-kinds.ts (issue 50): the blocks that name a provider configuration but
// are not resource-like kinds (import, removed, a check block's data resource). A site no engine has, added to
// one run's table in memory (one row and its decoder, written here and nowhere else), is accepted by the
// builder, decoded, renamed with the configuration it names, hovered, found by references and completed; a
// run with the default table rejects the block.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, lint} from '../../src/api.js'
import {errorDiag, formatRange} from '../../src/diag/diagnostic.js'
import type {Block} from '../../src/hcl/syntax.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {BLOCK_KINDS, BUILTIN_KINDS, BUILTIN_SITES, blockKinds, type KindDecode, type NamingSite} from '../../src/load/block-kinds.js'
import {RunContext} from '../../src/load/run-context.js'
import type {RootAnalysis} from '../../src/lint/workspace.js'
import {completions} from '../../src/lsp/completion.js'
import {hover, references} from '../../src/lsp/features.js'
import {rename} from '../../src/lsp/rename.js'

/** The decoder of the fictional site: a retire block must say what it retires (`from`). */
function decodeRetire(b: Block): KindDecode {
  if (b.body.attributes.some((a) => a.name === 'from')) return {diagnostics: [], keep: true}
  return {
    diagnostics: [errorDiag('config.missing-argument', 'Missing required argument', 'A retire block must set from.', b.declRange)],
    keep: false,
  }
}

/** The fictional site: `retire { from = aws_instance.x  provider = aws.east }` at a module's top level. */
const RETIRE: NamingSite = {
  keyword: 'retire',
  within: 'module',
  labels: [],
  argument: 'provider',
  target: 'from',
  reference: true,
  editor: {complete: true, hover: 'configuration'},
  decode: decodeRetire,
}

const ROOT = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

provider "aws" {}

provider "aws" {
  alias = "east"
}

resource "aws_instance" "kept" {
  provider = aws.east
}

retire {
  from     = aws_instance.gone
  provider = aws.east
}

retire {}
`

const FILES = {'main.tf': ROOT}
const FILE = path.join(MEMORY_ROOT, 'main.tf')

function runWith(kinds = blockKinds(BUILTIN_KINDS, [...BUILTIN_SITES, RETIRE])): RunContext {
  return new RunContext({files: new MemorySource(MEMORY_ROOT, FILES), blockKinds: kinds})
}

test('a site added to the run table is accepted and decoded; the default table rejects the block', async () => {
  const ctx = runWith()
  try {
    const a = await analyze(MEMORY_ROOT, {context: ctx, env: {}})
    assert.equal(
      a.diagnostics.map((d) => `${d.summary}: ${d.detail} @${d.range ? formatRange(d.range) : '-'}`),
      ['Missing required argument: A retire block must set from. @main.tf:22,1-7'],
    )
  } finally {
    await ctx.close()
  }
  const plain = await analyze({files: FILES}, {env: {}})
  assert.equal(
    plain.diagnostics.map((d) => d.summary),
    ['Unsupported block type', 'Unsupported block type'],
  )
  assert.is(BLOCK_KINDS.site('retire', 'module'), undefined)
})

test("the row's target argument is read by unused-required-provider: the provider a target's type implies is used", async () => {
  const required = `terraform {
  required_providers {
    gizmo = { source = "example/gizmo" }
  }
}
`
  const findings = async (files: Record<string, string>): Promise<string[]> => {
    const ctx = new RunContext({
      files: new MemorySource(MEMORY_ROOT, files),
      blockKinds: blockKinds(BUILTIN_KINDS, [...BUILTIN_SITES, RETIRE]),
    })
    try {
      const r = await lint(MEMORY_ROOT, {context: ctx, env: {}})
      return r.diagnostics.filter((d) => d.rule === 'unused-required-provider').map((d) => d.summary)
    } finally {
      await ctx.close()
    }
  }
  assert.equal((await findings({'main.tf': required})).length, 1)
  assert.equal(await findings({'main.tf': `${required}\nretire {\n  from = gizmo_thing.x\n}\n`}), [])
})

test('rename, references, hover and completion find the site through the row alone', async () => {
  const ctx = runWith()
  try {
    const r = await lint(MEMORY_ROOT, {context: ctx, env: {}})
    const ra: RootAnalysis = {root: MEMORY_ROOT, kind: 'root', lint: r, dirs: new Set([MEMORY_ROOT]), lockedVersions: async () => new Map()}
    const lines = (f: string): readonly string[] | undefined => (f === FILE ? ROOT.split('\n') : undefined)
    const features = {analyses: [ra], file: FILE, display: (abs: string) => path.relative(MEMORY_ROOT, abs), lines}
    // the retire block's `provider = aws.east` (line 19): the alias
    const onAlias = {line: 19, column: 18}
    // hover: the configuration it names
    const h = await hover(features, onAlias)
    assert.ok(h?.markdown.includes('provider["registry.terraform.io/hashicorp/aws"].east'), h?.markdown)
    assert.equal(h && [h.range.start.line, h.range.start.column, h.range.end.column], [19, 3, 22])
    // references from it: the declaration (with includeDeclaration: the argument under the cursor) and the resource using aws.east
    const refs = references(features, onAlias).map((l) => `${l.range.start.line + 1}:${l.range.start.character + 1}`)
    assert.equal(refs, ['13:1'])
    // rename of the alias from the retire block: the provider block, the resource's argument and the retire block's
    const edit = await rename(
      {
        analyses: [ra],
        file: FILE,
        lines,
        analysesOfDir: async () => [ra],
        text: (f) => (f === FILE ? ROOT : undefined),
        uneditable: () => undefined,
      },
      onAlias,
      'west',
    )
    const edits = Object.values(edit.changes ?? {}).flat()
    assert.equal(
      edits.map((e) => `${e.range.start.line + 1}:${e.range.start.character + 1} ${e.newText}`),
      ['10:12 west', '14:18 west', '19:18 west'],
    )
    // completion after `provider = aws.` in a retire block
    const text = ROOT.replace('  provider = aws.east\n}\n\nretire {}', '  provider = aws.\n}\n\nretire {}')
    const offset = text.indexOf('aws.\n}\n\nretire {}') + 'aws.'.length
    const labels = completions({analyses: [ra], file: FILE, text, positionAt: () => ({line: 0, character: 0})}, offset).map((c) => c.label)
    assert.equal(labels, ['aws.east'])
  } finally {
    await ctx.close()
  }
})

const BUILTIN = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

provider "aws" {
  alias = "east"
}

import {
  to       = aws_instance.made
  id       = "i-1"
  provider = aws.east
}

removed {
  from     = aws_instance.old
  provider = aws.east
  lifecycle {
    destroy = false
  }
}
`

test('the built-in sites as before: import and removed renamed with their configuration, an import hovered as its target, a removed block not', async () => {
  const ctx = new RunContext({files: new MemorySource(MEMORY_ROOT, {'main.tf': BUILTIN})})
  try {
    const r = await lint(MEMORY_ROOT, {context: ctx, env: {}})
    const ra: RootAnalysis = {root: MEMORY_ROOT, kind: 'root', lint: r, dirs: new Set([MEMORY_ROOT]), lockedVersions: async () => new Map()}
    const lines = (f: string): readonly string[] | undefined => (f === FILE ? BUILTIN.split('\n') : undefined)
    const features = {analyses: [ra], file: FILE, display: (abs: string) => path.relative(MEMORY_ROOT, abs), lines}
    const onImport = await hover(features, {line: 14, column: 18})
    assert.ok(onImport?.markdown.includes('aws_instance.made'), onImport?.markdown)
    assert.is(await hover(features, {line: 19, column: 18}), undefined)
    const edit = await rename(
      {
        analyses: [ra],
        file: FILE,
        lines,
        analysesOfDir: async () => [ra],
        text: (f) => (f === FILE ? BUILTIN : undefined),
        uneditable: () => undefined,
      },
      {line: 19, column: 18},
      'west',
    )
    assert.equal(
      Object.values(edit.changes ?? {})
        .flat()
        .map((e) => `${e.range.start.line + 1}:${e.range.start.character + 1}`),
      ['8:12', '14:18', '19:18'],
    )
  } finally {
    await ctx.close()
  }
})

test.run()
