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

test.run()
