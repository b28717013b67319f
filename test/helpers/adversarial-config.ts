// The adversarial configuration of the graph escaping suites (DOT, Mermaid, HTML): module call names,
// provider aliases, resource names and module sources with quotes, backslashes, newlines, <, >, &,
// entity-looking text, DOT and Mermaid keywords and ANSI escape sequences, written to a temp dir.
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'

export const ESC = '\u001b'
// an HCL string literal's text (the source attribute), and the same text after HCL unescaping
// (a backslash in a local path is a separator to Terraform, so the backslash goes in the remote source)
export const WEIRD_SOURCE_HCL = String.raw`./we\"ird dir <b>&amp; #quot; \u001b[31mred\u001b[0m end;|]\nline2`
export const WEIRD_SOURCE = `./we"ird dir <b>&amp; #quot; ${ESC}[31mred${ESC}[0m end;|]\nline2`
export const WEIRD_DIR = WEIRD_SOURCE.slice(2)
export const REMOTE_SOURCE = 'git::https://example.com/x.git?ref=<v1>&a="b\\c"'

export function writeConfig(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tfgraph-escaping-'))
  mkdirSync(path.join(root, WEIRD_DIR))
  mkdirSync(path.join(root, 'child'))
  writeFileSync(
    path.join(root, 'main.tf'),
    `terraform {
  required_providers {
    weird = {
      source = "example/weird"
    }
  }
}

provider "weird" {
  alias = "end"
}

provider "weird" {
  alias = "subgraph"
}

module "end" {
  source = "./child"
  providers = {
    weird = weird.end
  }
}

module "subgraph" {
  source = "./child"
  providers = {
    weird = weird.subgraph
  }
}

module "graph" {
  source = "${WEIRD_SOURCE_HCL}"
}

module "strict" {
  source = "${REMOTE_SOURCE.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"
}

module "node-édge" {
  source = "./child"
}

resource "weird_thing" "node" {}
resource "weird_thing" "edge" {
  depends_on = [weird_thing.node, end.x]
}
resource "end" "x" {}
resource "weird_thing" "classDef" {
  provider = weird.subgraph
}
`,
  )
  const child = `terraform {
  required_providers {
    weird = {
      source = "example/weird"
    }
  }
}

resource "weird_thing" "end" {}
resource "weird_thing" "subgraph" {
  after = weird_thing.end.id
}
`
  writeFileSync(path.join(root, 'child', 'main.tf'), child)
  writeFileSync(path.join(root, WEIRD_DIR, 'main.tf'), child)
  return root
}
