// Issue #49 (items 3, 4, 6, 7) as JSON-RPC cases: completion right after a module file is opened with a
// line being typed; a module call that is not installed passes the caller's configurations; a finding on a
// module shared by several roots published once, the roots in its related information; a syntax error in a
// called module holds back the findings that depend on it, and features on a file with an error answer
// from its last good parse for the blocks that did not change.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {CodeLensRequest, CompletionRequest, DefinitionRequest, HoverRequest, type Location} from 'vscode-languageserver-protocol/node'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf, type Client} from './client.js'
import {hoverText, posOf} from './helpers.js'

/** Writes `files` (relative path → text) under a fresh temporary directory. */
function workspace(files: Record<string, string>): {dir: string; done: () => void} {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-answers-'))
  const dir = path.join(tmp, 'ws')
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, f)), {recursive: true})
    writeFileSync(path.join(dir, f), text)
  }
  return {dir, done: () => rmSync(tmp, {recursive: true, force: true})}
}

async function hoverAt(c: Client, file: string, text: string, needle: string, shift: number): Promise<string> {
  return hoverText(await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(file)}, position: posOf(text, needle, shift)}))
}

async function definitionAt(c: Client, file: string, text: string, needle: string, shift: number): Promise<Location[]> {
  const r = await c.conn.sendRequest(DefinitionRequest.type, {textDocument: {uri: uriOf(file)}, position: posOf(text, needle, shift)})
  return Array.isArray(r) ? (r as Location[]) : r ? [r as Location] : []
}

// the eks-blueprints spokes root (patterns/gitops/multi-cluster-hub-spoke-argocd/spokes), made small
const SPOKES = `terraform {
  required_providers {
    kubernetes = { source = "hashicorp/kubernetes" }
    helm       = { source = "hashicorp/helm" }
  }
}

provider "kubernetes" {
  host = "https://spoke"
}

provider "kubernetes" {
  alias = "hub"
  host  = "https://hub"
}

provider "helm" {
  alias = "hub"
}

module "gitops_bridge_bootstrap_hub" {
  source  = "gitops-bridge-dev/gitops-bridge/helm"
  version = "0.0.1"
  providers = {
    kubernetes = kubernetes.hub
    helm       = helm.hub
    aws        = aws.nowhere
  }
}
`

test('a module call that is not installed: its providers entries are the caller configurations (hover, definition)', async () => {
  const {dir, done} = workspace({'main.tf': SPOKES})
  const c = await startClient(dir)
  try {
    const main = path.join(dir, 'main.tf')
    await c.diagnostics(main)
    const h = await hoverAt(c, main, SPOKES, 'module "gitops_bridge_bootstrap_hub"', 3)
    assert.match(h, 'is not installed')
    assert.match(
      h,
      '- `kubernetes` = `kubernetes.hub` passed from the root module → `provider["registry.terraform.io/hashicorp/kubernetes"].hub`',
    )
    assert.match(h, '- `helm` = `helm.hub` passed from the root module → `provider["registry.terraform.io/hashicorp/helm"].hub`')
    // a configuration the caller does not have is still said to be missing
    assert.match(h, '- `aws` = `aws.nowhere` passed from the root module (no such configuration)')
    const def = await definitionAt(c, main, SPOKES, 'kubernetes = kubernetes.hub', 16)
    assert.equal(
      def.map((l) => [l.uri, l.range.start.line]),
      [[uriOf(main), 11]],
    )
    assert.equal(await definitionAt(c, main, SPOKES, 'aws        = aws.nowhere', 16), [])
  } finally {
    await c.stop()
    done()
  }
})

// terraform-aws-vpc's versions.tf and fabric's modules/project, made small: one module, two roots calling it
const SHARED_VERSIONS = `terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      version               = "~> 5.0"
      configuration_aliases = [aws.peer, aws.unused]
    }
  }
}
`
const sharedRoot = (name: string): string => `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

provider "aws" {
  alias  = "peer"
  region = "eu-west-1"
}

provider "aws" {
  alias  = "unused"
  region = "eu-west-2"
}

module "${name}" {
  source    = "../../modules/vpc"
  providers = { aws.peer = aws.peer, aws.unused = aws.unused }
}
`

test('a finding on a module shared by several roots: published once, the roots in its related information', async () => {
  const {dir, done} = workspace({
    'modules/vpc/versions.tf': SHARED_VERSIONS,
    'modules/vpc/main.tf': 'resource "aws_vpc_peering_connection" "this" {\n  provider = aws.peer\n}\n',
    'envs/a/main.tf': sharedRoot('vpc'),
    'envs/b/main.tf': sharedRoot('network'),
  })
  const c = await startClient(dir)
  try {
    const versions = path.join(dir, 'modules', 'vpc', 'versions.tf')
    // published as each root's analysis ends: the last, once both roots are analysed
    const d = await c.diagnostics(versions, (x) =>
      x.some((y) => y.code === 'lint.unused-configuration-alias' && (y.relatedInformation ?? []).length === 2),
    )
    const codes = d.map((x) => `${x.code}@${x.range.start.line}:${x.range.start.character}`).sort()
    assert.equal(codes, ['lint.provider-constraint-not-minimum@4:30', 'lint.required-version@1:2', 'lint.unused-configuration-alias@5:41'])
    for (const x of d) {
      assert.equal(
        (x.relatedInformation ?? []).map((r) => [r.message, r.location.uri]),
        [
          ['found analysing the root envs/a', uriOf(path.join(dir, 'envs', 'a', 'main.tf'))],
          ['found analysing the root envs/b', uriOf(path.join(dir, 'envs', 'b', 'main.tf'))],
        ],
        JSON.stringify(x),
      )
    }
    // a root's own file: its findings carry no related roots
    const a = await c.diagnostics(path.join(dir, 'envs', 'a', 'main.tf'))
    assert.ok(
      a.every((x) => x.relatedInformation === undefined),
      JSON.stringify(a),
    )
  } finally {
    await c.stop()
    done()
  }
})

// the l1: a root passing its configurations into a module whose main.tf declares the slots
// (fixtures/lsp/syntax-error, which the Neovim test types into too)
const ROOT = readFileSync(path.join(fixturesDir, 'lsp', 'syntax-error', 'main.tf'), 'utf8')
const L1 = readFileSync(path.join(fixturesDir, 'lsp', 'syntax-error', 'l1', 'main.tf'), 'utf8')
const TYPING = L1.replace('  bucket = "b"', '  bucket = "b"\n  provider = aws.')

test('completion right after a module file is opened with a line being typed: from its last good parse', async () => {
  const {dir, done} = workspace({'main.tf': ROOT, 'l1/main.tf': L1})
  const c = await startClient(dir)
  try {
    const l1 = path.join(dir, 'l1', 'main.tf')
    await c.diagnostics(path.join(dir, 'main.tf'))
    const at = posOf(TYPING, 'provider = aws.', 15, 'resource "aws_s3_bucket" "b"')
    const complete = async (): Promise<string[]> => {
      const r = await c.conn.sendRequest(CompletionRequest.type, {textDocument: {uri: uriOf(l1)}, position: at})
      return (Array.isArray(r) ? r : (r?.items ?? [])).map((i) => i.label)
    }
    // asked at once, five times (each a close and an open: the analysis of the buffer may be done or not);
    // opened as on the disk and typed into at once, or opened with the line already typed
    for (let i = 0; i < 5; i++) {
      if (i % 2 === 0) {
        c.open(l1, L1)
        c.change(l1, 2, TYPING)
      } else c.open(l1, TYPING)
      assert.ok((await complete()).includes('aws.east'), `try ${i + 1}`)
      if (i === 0) {
        // and once the analysis in which it does not parse is done
        await c.diagnostics(l1, (d) => d.some((x) => String(x.code).startsWith('hcl.')))
        assert.ok((await complete()).includes('aws.east'), 'after the analysis of the buffer')
      }
      c.close(l1)
    }
  } finally {
    await c.stop()
    done()
  }
})

test('a syntax error in a called module: findings that depend on it held back; its unchanged blocks answered from the last good parse', async () => {
  const {dir, done} = workspace({'main.tf': ROOT, 'l1/main.tf': L1})
  const c = await startClient(dir)
  try {
    const main = path.join(dir, 'main.tf')
    const l1 = path.join(dir, 'l1', 'main.tf')
    c.open(l1, L1)
    const versionMissing = (x: {code?: unknown}[]): boolean => x.some((y) => y.code === 'lint.provider-version-missing')
    await c.diagnostics(main, versionMissing)
    assert.match(await hoverAt(c, l1, L1, 'resource "aws_s3_bucket" "b"', 12), '`module.l1.aws_s3_bucket.b` uses')
    // an unclosed block after the terraform block: the resources below it move down two lines
    const broken = L1.replace(
      'resource "aws_s3_bucket" "a"',
      'resource "aws_s3_bucket" "new" {\n  bucket = "new"\n\nresource "aws_s3_bucket" "a"',
    )
    c.change(l1, 2, broken)
    const d = await c.diagnostics(l1, (x) => x.some((y) => String(y.code).startsWith('hcl.')))
    assert.ok(
      d.every((x) => String(x.code).startsWith('hcl.')),
      JSON.stringify(d.map((x) => x.code)),
    )
    // the root calls the module: nothing about the module's slots said there, its tree's findings held back
    const root = await c.diagnostics(main, (x) => !versionMissing(x), 20_000)
    // what depends on the module's files waits; what reads the root's own files alone stays
    assert.equal(root.map((x) => x.code).sort(), ['lint.typed-variables', 'lint.unused-declaration'])
    // the unchanged blocks, where they now are
    const h = await c.conn.sendRequest(HoverRequest.type, {
      textDocument: {uri: uriOf(l1)},
      position: posOf(broken, 'resource "aws_s3_bucket" "b"', 12),
    })
    assert.match(hoverText(h), '`module.l1.aws_s3_bucket.b` uses')
    assert.is(h?.range?.start.line, posOf(broken, 'resource "aws_s3_bucket" "b"').line)
    // the root's configuration, and the module's own slot (as a shared module: its configuration_aliases entry)
    const def = await definitionAt(c, l1, broken, 'provider = aws.east', 13)
    assert.equal(
      def.map((l) => [l.uri, l.range.start.line]),
      [
        [uriOf(main), 11],
        [uriOf(l1), 5],
      ],
    )
    // the new block is not in the last good parse: nothing to say there
    assert.is(await hoverAt(c, l1, broken, 'resource "aws_s3_bucket" "new"', 12), '')
    // closed again: the findings come back
    c.change(l1, 3, L1)
    await c.diagnostics(l1, (x) => !x.some((y) => String(y.code).startsWith('hcl.')))
    await c.diagnostics(main, versionMissing)
    // the root's own file, an unclosed block typed at its end: the lenses of its provider blocks stay
    c.open(main, ROOT)
    c.change(main, 2, `${ROOT}\nresource "aws_s3_bucket" "x" {\n`)
    await c.diagnostics(main, (x) => x.some((y) => String(y.code).startsWith('hcl.')))
    const lenses = await c.conn.sendRequest(CodeLensRequest.type, {textDocument: {uri: uriOf(main)}})
    assert.equal(
      (lenses ?? []).map((l) => [l.range.start.line, l.command?.title]),
      [
        [7, 'used by 1 resource in 1 module'],
        [11, 'used by 1 resource in 1 module'],
      ],
    )
  } finally {
    await c.stop()
    done()
  }
})

test.run()
