// The table of block kinds (src/load/block-kinds.ts, issue 50): a kind no engine has, added to one run's
// table in memory (one row and its decoder, written here and nowhere else), is decoded, bound, validated,
// hovered, completed and fixed like the engines' own kinds; a run with the default table knows nothing of it.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, lint} from '../../src/api.js'
import {errorDiag, formatRange} from '../../src/diag/diagnostic.js'
import type {Block} from '../../src/hcl/syntax.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {BLOCK_KINDS, BUILTIN_KINDS, blockKinds, type BlockKind, type KindDecode} from '../../src/load/block-kinds.js'
import {RunContext} from '../../src/load/run-context.js'
import type {RootAnalysis} from '../../src/lint/workspace.js'
import {completions} from '../../src/lsp/completion.js'
import {targetsAt} from '../../src/lsp/targets.js'

/** The decoder of the fictional kind: a widget must set `size`. */
function decodeWidget(b: Block): KindDecode {
  if (b.body.attributes.some((a) => a.name === 'size')) return {diagnostics: [], keep: true}
  const detail = `The widget ${b.labels[0]?.value ?? ''}.${b.labels[1]?.value ?? ''} must set size.`
  return {diagnostics: [errorDiag('config.missing-argument', 'Missing required argument', detail, b.declRange)], keep: false}
}

/** The fictional kind: `widget "TYPE" "NAME" { provider = … }`, addressed `widget.TYPE.NAME`. */
const WIDGET: BlockKind = {
  keyword: 'widget',
  mode: 'widget',
  noun: 'widget',
  names: 'argument or type',
  required: true,
  stackSlot: true,
  impliedNameChecked: ['terraform', 'opentofu'],
  evaluated: true,
  decode: decodeWidget,
}

const AWS = 'provider["registry.terraform.io/hashicorp/aws"]'

const ROOT = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

provider "aws" {}

provider "aws" {
  alias = "east"
}

widget "aws_gadget" "w" {
  provider = aws.east
  size     = 1
}

widget "aws_gadget" "implied" {
  size = 2
}

widget "aws_gadget" "broken" {}

module "child" {
  source    = "./child"
  providers = { aws = aws, aws.east = aws.east }
}
`

// the child declares a slot nothing in it uses: the fix removes it and the caller's entry for it
const CHILD = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", configuration_aliases = [aws.east] }
  }
}

widget "aws_gadget" "c" {
  size = 3
}
`

// another local name for aws: the widget's type implies `aws`, which validation reports
const MISMATCH = `terraform {
  required_providers {
    cloud = { source = "hashicorp/aws" }
  }
}

widget "aws_gadget" "m" {
  size = 1
}
`

const FILES = {'main.tf': ROOT, 'child/main.tf': CHILD}

function runWith(files: Record<string, string>, kinds = blockKinds([...BUILTIN_KINDS, WIDGET])): RunContext {
  return new RunContext({files: new MemorySource(MEMORY_ROOT, files), blockKinds: kinds})
}

test('a kind added to the run table is decoded and bound like a resource; the default table rejects the block', async () => {
  const ctx = runWith(FILES)
  try {
    const a = await analyze(MEMORY_ROOT, {context: ctx, env: {}})
    const bound = Object.fromEntries(a.providers.resources.map((r) => [r.address, r.provider_config]))
    assert.equal(bound, {
      'widget.aws_gadget.w': `${AWS}.east`,
      'widget.aws_gadget.implied': AWS,
      'module.child.widget.aws_gadget.c': AWS,
    })
    // the decoder's problem, and its block left out
    assert.equal(
      a.diagnostics.map((d) => `${d.summary} @${d.range ? formatRange(d.range) : '-'}`),
      ['Missing required argument @main.tf:22,1-29'],
    )
  } finally {
    await ctx.close()
  }
  // requirements read the row (`required`): the provider a widget's type implies is required
  const only = runWith({'main.tf': 'widget "gizmo_thing" "n" {\n  size = 1\n}\n'})
  try {
    const a = await analyze(MEMORY_ROOT, {context: only, env: {}})
    assert.equal(
      a.providers.requirements.map((r) => r.provider),
      ['registry.terraform.io/hashicorp/gizmo'],
    )
  } finally {
    await only.close()
  }
  const plain = await analyze({files: FILES}, {env: {}})
  assert.equal(plain.providers.resources, [])
  assert.ok(plain.diagnostics.some((d) => d.summary === 'Unsupported block type'))
  assert.is(BLOCK_KINDS.byKeyword('widget'), undefined)
})

test('validation reads the row: the local name its type implies is checked', async () => {
  const ctx = runWith({'main.tf': MISMATCH})
  try {
    const a = await analyze(MEMORY_ROOT, {context: ctx, env: {}})
    assert.equal(
      a.diagnostics.map((d) => `${d.summary}: ${d.detail}`),
      [
        'Duplicate required provider: Provider "registry.terraform.io/hashicorp/aws" was implicitly required via resource "widget.aws_gadget.m", but listed in required_providers as "cloud". Either the local name in required_providers must match the resource name, or the "cloud" provider must be assigned within the resource block.',
      ],
    )
  } finally {
    await ctx.close()
  }
})

test('hover finds its binding, completion offers configurations after provider =, and the fixes count its provider argument', async () => {
  const ctx = runWith(FILES)
  try {
    const r = await lint(MEMORY_ROOT, {context: ctx, env: {}, fixes: true})
    const ra: RootAnalysis = {root: MEMORY_ROOT, kind: 'root', lint: r, dirs: new Set([MEMORY_ROOT]), lockedVersions: async () => new Map()}
    const file = path.join(MEMORY_ROOT, 'main.tf')
    // the header of widget "aws_gadget" "w" (line 13) and its provider argument (line 14)
    const onHeader = targetsAt(ra, file, {line: 13, column: 3})
    assert.equal(
      onHeader.map((t) => (t.kind === 'resource' ? `${t.binding.address.key} ${t.binding.providerConfig?.key ?? ''}` : t.kind)),
      [`widget.aws_gadget.w ${AWS}.east`],
    )
    const onArgument = targetsAt(ra, file, {line: 14, column: 15})
    assert.equal(
      onArgument.map((t) => (t.kind === 'resource' ? t.binding.address.key : t.kind)),
      ['widget.aws_gadget.w'],
    )
    // completion after `provider = ` in a widget block (the text being typed)
    const text = ROOT.replace('  provider = aws.east\n', '  provider = aws.\n')
    const offset = text.indexOf('aws.\n') + 'aws.'.length
    const labels = completions({analyses: [ra], file, text, positionAt: () => ({line: 0, character: 0})}, offset).map((c) => c.label)
    assert.equal(labels, ['aws.east'])
    // the child's unused slot: removing it and the caller's entry is the preferred fix, because the
    // caller's widget still uses aws.east (a configuration passed only there would be left unused)
    const slot = r.diagnostics.filter((d) => d.rule === 'unused-configuration-alias')
    assert.equal(
      slot.map((d) => d.fixes?.map((f) => `${f.preferred} ${f.title}`)),
      [['true Remove aws.east from configuration_aliases and from the providers maps that pass it']],
    )
    // aws.east is used (by the widget): no unused-provider-alias finding
    assert.equal(
      r.diagnostics.filter((d) => d.rule === 'unused-provider-alias'),
      [],
    )
  } finally {
    await ctx.close()
  }
})

test.run()
