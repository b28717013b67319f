// Neovim 0.7.2 headless as the client (#49), through nvim/editor-49.lua: diagnostics come back after a
// file is read again (`:e!`, `:bd` + `:e`, `:bwipeout` + `:e`); a file outside the client's folder is
// analysed with its own directory alone and closed with its buffer, a missing one costs nothing; tfgraph's
// set-up attaches to Terraform Stacks' files and they get hover and findings. Without Neovim: one SKIP
// line (never under CI=true, where .ci/run installs it).
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir, repoRoot} from '../helpers/paths.js'
import {uriOf} from './client.js'
import {hasNeovim, runNvim} from './nvim-run.js'

interface Results {
  error: string | null
  version: {major: number; minor: number}
  steps: {step: string; republished: number; shown: number}[]
  published: {uri: string; n: number}[]
  logs: string[]
  missing?: {answered: boolean; result: unknown; ms: number}
  shown?: number
  hover?: string | null
  component_attached?: boolean
  deploy_attached?: boolean
  stack_attached?: boolean
  deploy?: {line: number; message: string}[]
  stack?: {line: number; message: string}[]
}

const VERSIONS =
  'terraform {\n  required_version = ">= 1.5"\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = ">= 5.0"\n    }\n  }\n}\n'
const MAIN = 'provider "aws" {\n  region = "eu-west-1"\n}\n\nresource "aws_s3_bucket" "b" {\n  provider = aws.nope\n  bucket   = "b"\n}\n'

function root(dir: string): void {
  mkdirSync(dir, {recursive: true})
  writeFileSync(path.join(dir, 'versions.tf'), VERSIONS)
  writeFileSync(path.join(dir, 'main.tf'), MAIN)
}

/** Runs one case of nvim/editor-49.lua with `env` (paths in the temporary directory). */
function run(tmp: string, cwd: string, env: Record<string, string>): Results {
  const out = path.join(tmp, 'results.json')
  const script = fileURLToPath(new URL('./nvim/editor-49.lua', import.meta.url))
  const r = runNvim(script, {
    cwd,
    timeout: 180_000,
    tmp,
    env: {TFGRAPH_OUT: out, TFGRAPH_PLUGIN: path.join(repoRoot, 'editors', 'neovim', 'lua'), ...env},
  })
  assert.ok(existsSync(out), `Neovim wrote no results (exit ${r.status}): ${r.stdout}${r.stderr}`)
  const got = JSON.parse(readFileSync(out, 'utf8')) as Results
  assert.is(got.error, null, `the Lua script failed: ${got.error}`)
  assert.ok(got.version.major > 0 || got.version.minor >= 7, `Neovim ${got.version.major}.${got.version.minor}`)
  return got
}

test('#49 Neovim: diagnostics come back after :e!, :bd + :e and :bwipeout + :e; a clean file gets an empty list', () => {
  if (!hasNeovim('Neovim reopen test')) return
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-nvim-reopen-'))
  try {
    const ws = path.join(tmp, 'ws')
    root(ws)
    writeFileSync(path.join(ws, 'clean.tf'), 'resource "aws_s3_bucket" "c" {\n  bucket = "c"\n}\n')
    const got = run(tmp, ws, {TFGRAPH_CASE: 'reopen', TFGRAPH_WS: ws})
    assert.equal(
      got.steps.map((s) => [s.step, s.republished > 0, s.shown]),
      [
        ['open', true, 1],
        ['e!', true, 1],
        ['bdelete', true, 1],
        ['bwipeout', true, 1],
      ],
    )
    assert.equal(
      got.published.filter((p) => p.uri === uriOf(path.join(ws, 'clean.tf'))).map((p) => p.n),
      [0],
      'clean.tf: one empty list',
    )
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test('#49 Neovim: a missing file outside the folder costs nothing; an existing one, its directory alone, closed with its buffer', () => {
  if (!hasNeovim('Neovim outside-the-folder test')) return
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-nvim-outside-'))
  try {
    const ws = path.join(tmp, 'ws')
    const elsewhere = path.join(tmp, 'elsewhere')
    root(ws)
    root(elsewhere)
    for (let i = 0; i < 3; i++) root(path.join(elsewhere, `sub${i}`))
    const file = path.join(elsewhere, 'main.tf')
    const got = run(tmp, ws, {
      TFGRAPH_CASE: 'outside',
      TFGRAPH_WS: ws,
      TFGRAPH_FILE: file,
      TFGRAPH_MISSING: path.join(tmp, 'nowhere', 'x.tf'),
    })
    assert.equal(got.missing?.answered, true)
    assert.is(got.missing?.result, null)
    assert.ok((got.missing?.ms ?? Infinity) < 2000, `the hover on a missing file took ${got.missing?.ms} ms`)
    assert.is(got.shown, 1)
    assert.match(got.hover ?? '', '`aws_s3_bucket.b` uses')
    assert.ok(
      got.logs.some((l) => l.includes(`searched ${elsewhere} for root modules (at most 0 levels deep`)),
      got.logs.join('\n'),
    )
    assert.not.ok(
      got.logs.some((l) => l.includes(`searched ${tmp} `) || l.includes(path.join(tmp, 'nowhere'))),
      got.logs.join('\n'),
    )
    assert.ok(
      got.logs.some((l) => l.includes(`closed the analysis of ${elsewhere} `)),
      got.logs.join('\n'),
    )
    assert.equal(
      got.published.filter((p) => p.uri.startsWith(uriOf(elsewhere) + '/sub')),
      [],
    )
    // its diagnostics taken back when it closed
    assert.equal(got.published.filter((p) => p.uri === uriOf(file)).at(-1), {uri: uriOf(file), n: 0})
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test("#49 Neovim with tfgraph's set-up: attaches to .tfcomponent.hcl, .tfdeploy.hcl and .tfstack.hcl files; hover and findings", () => {
  if (!hasNeovim('Neovim Stacks files test')) return
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-nvim-stacks-'))
  try {
    const regional = path.join(tmp, 'regional')
    const deprecated = path.join(tmp, 'deprecated')
    cpSync(path.join(fixturesDir, 'stacks', 'regional'), regional, {recursive: true})
    cpSync(path.join(fixturesDir, 'stacks', 'deprecated-files'), deprecated, {recursive: true})
    const got = run(tmp, regional, {
      TFGRAPH_CASE: 'stacks',
      TFGRAPH_COMPONENT: path.join(regional, 'components.tfcomponent.hcl'),
      TFGRAPH_DEPLOY: path.join(regional, 'deployments.tfdeploy.hcl'),
      TFGRAPH_STACK: path.join(deprecated, 'components.tfstack.hcl'),
    })
    assert.equal([got.component_attached, got.deploy_attached, got.stack_attached], [true, true, true])
    assert.match(got.hover ?? '', '`component.storage` — `./modules/storage`')
    assert.equal(
      (got.deploy ?? []).map((d) => [d.line, d.message.split('\n')[0]]),
      [[5, 'Unclosed configuration block']],
    )
    assert.ok(
      (got.stack ?? []).some((d) => d.message.startsWith('Stack files not read')),
      JSON.stringify(got.stack),
    )
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
