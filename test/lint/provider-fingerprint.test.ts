// A module's provider-facing fingerprint (#48 item 3): which edits change it and which do not, and for those
// that do not, that the tree stage indeed gives the same findings (moved with the text) — the fingerprint
// reads what the tree stage reads. In memory: a module called by a root, edited one way at a time.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {lint} from '../../src/lint/lint.js'
import {
  fingerprintCache,
  fingerprintValue,
  PARTS,
  providerFingerprint,
  sameFingerprint,
  type FingerprintValue,
} from '../../src/lint/provider-fingerprint.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {RunContext} from '../../src/load/run-context.js'
import {ruleById} from '../../src/rules/index.js'

const MODULE = [
  'terraform {',
  '  required_providers {',
  '    aws = {',
  '      source                = "hashicorp/aws"',
  '      version               = ">= 5.0"',
  '      configuration_aliases = [aws.east]',
  '    }',
  '  }',
  '}',
  '',
  'variable "name" {',
  '  description = "The name."',
  '  type        = string',
  '  default     = "n"',
  '}',
  '',
  'locals {',
  '  tags = { Name = var.name }',
  '}',
  '',
  'resource "aws_s3_bucket" "b" {',
  '  provider = aws.east',
  '  count    = 1',
  '  bucket   = "bucket-name"',
  '  tags     = local.tags',
  '  # a comment in the body',
  '  versioning {',
  '    enabled = true',
  '  }',
  '}',
  '',
  'resource "random_id" "r" {',
  '  byte_length = 4',
  '}',
  '',
  'module "child" {',
  '  source    = "./child"',
  '  providers = { aws = aws.east }',
  '  name      = var.name',
  '}',
  '',
  'output "arn" {',
  '  description = "The ARN."',
  '  value       = aws_s3_bucket.b[0].arn',
  '}',
  '',
].join('\n')

const FILES: Record<string, string> = {
  'root/main.tf': [
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
  ].join('\n'),
  'modules/m/main.tf': MODULE,
  'modules/m/child/main.tf': 'variable "name" {}\n\nresource "aws_sqs_queue" "q" {\n  name = var.name\n}\n',
}

const dir = path.join(MEMORY_ROOT, 'modules', 'm')

async function printOf(text: string): Promise<string> {
  const ctx = new RunContext({files: new MemorySource(MEMORY_ROOT, {...FILES, 'modules/m/main.tf': text}), cache: false})
  try {
    const loaded = await ctx.loads.load(dir)
    return providerFingerprint(loaded.module, loaded.diagnostics, ctx.memo)
  } finally {
    await ctx.close()
  }
}

/** An edit of the module's main.tf: `from` replaced by `to` (once, where it first is). */
interface Edit {
  readonly what: string
  readonly from: string
  readonly to: string
}

const edit = (e: Edit): string => {
  assert.ok(MODULE.includes(e.from), `${e.what}: ${JSON.stringify(e.from)} is in the module`)
  return MODULE.replace(e.from, e.to)
}

const UNCHANGED: readonly Edit[] = [
  {what: 'a literal value in a resource body', from: '"bucket-name"', to: '"another-bucket-name"'},
  {what: 'a comment in a resource body', from: '# a comment in the body', to: '# another comment\n  # and one more line'},
  {what: 'an argument with a literal added to a resource body', from: '  bucket   =', to: '  acl      = "private"\n  bucket   ='},
  {what: 'a nested block literal', from: 'enabled = true', to: 'enabled = false'},
  {what: 'a variable description', from: '"The name."', to: '"The name of the bucket."'},
  {what: 'an output description', from: '"The ARN."', to: '"The bucket ARN."'},
  {what: 'lines added between blocks', from: 'resource "random_id"', to: '\n\n# between blocks\nresource "random_id"'},
  {what: 'layout of a meta-argument line', from: '  count    = 1', to: '  count = 1'},
]

const CHANGED: readonly Edit[] = [
  {what: 'a resource provider', from: 'provider = aws.east', to: 'provider = aws'},
  {what: 'a resource count', from: 'count    = 1', to: 'count    = 2'},
  {what: 'a resource for_each', from: '  count    = 1', to: '  for_each = toset(["a"])'},
  {what: 'a resource depends_on', from: '  byte_length = 4', to: '  byte_length = 4\n  depends_on  = [aws_s3_bucket.b]'},
  {what: 'a reference in a resource body', from: '"bucket-name"', to: 'var.name'},
  {what: 'a provider function call in a resource body', from: '"bucket-name"', to: 'provider::aws::arn_build("a", "b", "c", "d")'},
  {what: 'terraform.workspace in a resource body', from: '"bucket-name"', to: '"b-${terraform.workspace}"'},
  {what: 'a nested block added', from: '  versioning {', to: '  logging {\n  }\n  versioning {'},
  {what: 'a lifecycle block', from: '  byte_length = 4', to: '  byte_length = 4\n  lifecycle {\n    create_before_destroy = true\n  }'},
  {what: 'a resource added', from: 'resource "random_id"', to: 'resource "aws_sqs_queue" "q" {}\n\nresource "random_id"'},
  {what: 'a resource renamed', from: '"random_id" "r"', to: '"random_id" "s"'},
  {what: 'a module call source', from: '"./child"', to: '"./other"'},
  {what: 'a module call providers', from: 'providers = { aws = aws.east }', to: 'providers = { aws = aws }'},
  {what: 'a module call argument', from: '  name      = var.name', to: '  name      = "x"'},
  {what: 'a module call count', from: '  source    = "./child"', to: '  source    = "./child"\n  count     = 0'},
  {what: 'a required_providers version', from: '">= 5.0"', to: '">= 5.1"'},
  {what: 'configuration_aliases', from: '[aws.east]', to: '[aws.east, aws.west]'},
  {what: 'a provider block added', from: 'locals {', to: 'provider "random" {}\n\nlocals {'},
  {what: 'a variable default (kept whole: conservative)', from: 'default     = "n"', to: 'default     = "m"'},
  {what: 'a variable type', from: 'type        = string', to: 'type        = any'},
  {what: 'a local value', from: '{ Name = var.name }', to: '{ Name = "x" }'},
  {what: 'an output value', from: 'aws_s3_bucket.b[0].arn', to: 'aws_s3_bucket.b[0].id'},
  {what: 'a moved block added', from: 'locals {', to: 'moved {\n  from = random_id.q\n  to   = random_id.r\n}\n\nlocals {'},
  {
    what: 'a check block added',
    from: 'locals {',
    to: 'check "c" {\n  assert {\n    condition     = true\n    error_message = "x"\n  }\n}\n\nlocals {',
  },
]

test('#48 the fingerprint is left as it is by what the tree stage does not read', async () => {
  const base = await printOf(MODULE)
  for (const e of UNCHANGED) assert.is(await printOf(edit(e)), base, e.what)
})

test('#48 the fingerprint changes with what the tree stage reads', async () => {
  const base = await printOf(MODULE)
  for (const e of CHANGED) assert.is.not(await printOf(edit(e)), base, e.what)
})

test('#48 the fingerprint as its value (the language server carry): the same exactly when the string is, blocks printed once across loads', async () => {
  // one run and one cache across the loads, as the workspace keeps them
  const files = new MemorySource(MEMORY_ROOT, {...FILES, 'modules/m/main.tf': MODULE})
  const ctx = new RunContext({files, cache: false})
  const cache = fingerprintCache()
  try {
    const valueOf = async (text: string): Promise<{value: FingerprintValue; print: string}> => {
      const other = new RunContext({files: new MemorySource(MEMORY_ROOT, {...FILES, 'modules/m/main.tf': text}), cache: false})
      try {
        const loaded = await other.loads.load(dir)
        return {
          value: fingerprintValue(loaded.module, loaded.diagnostics, ctx.memo, cache),
          print: providerFingerprint(loaded.module, loaded.diagnostics, ctx.memo, cache),
        }
      } finally {
        await other.close()
      }
    }
    const base = await valueOf(MODULE)
    assert.is(base.print, await printOf(MODULE))
    for (const e of [...UNCHANGED, ...CHANGED]) {
      const x = await valueOf(edit(e))
      assert.is(sameFingerprint(x.value, base.value), x.print === base.print, e.what)
      assert.is(x.print, await printOf(edit(e)), `${e.what}: the same string with the cache`)
    }
  } finally {
    await ctx.close()
  }
})

test('#48 every field of the model is classified by the fingerprint (a new one must be)', async () => {
  const ctx = new RunContext({files: new MemorySource(MEMORY_ROOT, FILES), cache: false})
  try {
    const {module} = await ctx.loads.load(dir)
    // (optional fields absent here — backend, cloud, … — are classified too: PARTS's type requires every one)
    const fields = Object.keys(module).filter((k) => k !== 'index')
    assert.equal(
      fields.filter((k) => !(k in PARTS)),
      [],
    )
    assert.ok(fields.length >= 30)
  } finally {
    await ctx.close()
  }
})

/** A root's findings that its tree stage makes (not the module stage's), as text and place, position-free but for lines. */
async function treeFindings(text: string): Promise<string[]> {
  const ctx = new RunContext({files: new MemorySource(MEMORY_ROOT, {...FILES, 'modules/m/main.tf': text}), cache: false})
  try {
    const out: string[] = []
    for (const root of ['root', 'modules/m']) {
      const r = await lint(path.join(MEMORY_ROOT, root), {context: ctx, env: {}, tests: false})
      for (const d of r.diagnostics) {
        const rule = ruleById(d.rule)
        if (rule?.scope === 'module' && rule.checkModule !== undefined) continue
        // lines named in a text move with the edit (the workspace analyses again when they would: reanchor.ts)
        const detail = d.detail.replace(/\.tf:\d+(,\d+)?(-\d+(,\d+)?)?/g, '.tf:L')
        out.push([root, d.rule, d.code, d.severity, d.summary, detail, d.range?.filename ?? ''].join(' | '))
      }
    }
    return out.sort()
  } finally {
    await ctx.close()
  }
}

test('#48 an edit that leaves the fingerprint unchanged leaves the tree-stage findings unchanged (the fingerprint reads what the tree stage reads)', async () => {
  const base = await treeFindings(MODULE)
  assert.ok(base.length > 0, 'the roots have tree-stage findings to compare')
  for (const e of UNCHANGED) assert.equal(await treeFindings(edit(e)), base, e.what)
})

test.run()
