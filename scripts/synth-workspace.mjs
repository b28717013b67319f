// A workspace of many roots sharing one module, for the editor's benchmark (issue #48: "a module shared by
// 30 roots"). Each root `roots/rNN` declares the aws provider twice (a default and an `east` alias) and
// calls `modules/shared` with a `providers` map; the shared module takes the alias through
// `configuration_aliases`, has six resources, variables and outputs, and calls `modules/leaf` twice (once
// with the alias). Every root is valid as Terraform reads it; an edit of modules/shared/main.tf concerns
// every root.
// Usage: node scripts/synth-workspace.mjs DIR [ROOTS]   (or import {generateWorkspace}); ROOTS defaults to 30.
import {mkdirSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const write = (file, text) => {
  mkdirSync(path.dirname(file), {recursive: true})
  writeFileSync(file, text)
}

const SHARED_MAIN = `terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      version               = ">= 5.0"
      configuration_aliases = [aws.east]
    }
  }
}

resource "aws_vpc" "this" {
  cidr_block = var.cidr
  tags       = merge(var.tags, { Name = var.name })
}

resource "aws_subnet" "private" {
  count      = length(var.subnets)
  vpc_id     = aws_vpc.this.id
  cidr_block = var.subnets[count.index]
}

resource "aws_security_group" "web" {
  name   = "\${var.name}-web"
  vpc_id = aws_vpc.this.id
}

resource "aws_s3_bucket" "logs" {
  provider = aws.east
  bucket   = "\${var.name}-logs"
}

resource "aws_iam_role" "app" {
  name               = "\${var.name}-app"
  assume_role_policy = data.aws_iam_policy_document.assume.json
}

data "aws_iam_policy_document" "assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

module "leaf_main" {
  source = "../leaf"
  name   = var.name
}

module "leaf_east" {
  source    = "../leaf"
  providers = { aws = aws.east }
  name      = "\${var.name}-east"
}
`

const SHARED_VARIABLES = `variable "name" {
  type        = string
  description = "The name every resource starts with."
}

variable "cidr" {
  type    = string
  default = "10.0.0.0/16"
}

variable "subnets" {
  type    = list(string)
  default = ["10.0.1.0/24", "10.0.2.0/24"]
}

variable "tags" {
  type    = map(string)
  default = {}
}

output "vpc_id" {
  value = aws_vpc.this.id
}

output "bucket" {
  value = aws_s3_bucket.logs.bucket
}
`

const LEAF = `terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.0"
    }
  }
}

variable "name" {
  type = string
}

resource "aws_sns_topic" "events" {
  name = var.name
}

output "topic" {
  value = aws_sns_topic.events.arn
}
`

const root = (i) => `terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.0"
    }
  }
}

provider "aws" {
  region = "eu-west-${1 + (i % 3)}"
}

provider "aws" {
  alias  = "east"
  region = "us-east-1"
}

module "shared" {
  source = "../../modules/shared"
  providers = {
    aws      = aws
    aws.east = aws.east
  }
  name = "root-${i}"
  tags = { root = "${i}" }
}

output "vpc_id" {
  value = module.shared.vpc_id
}
`

/** Writes the workspace into `dir`; the paths of the shared module's main.tf and of the roots. */
export function generateWorkspace(dir, roots = 30) {
  write(path.join(dir, 'modules', 'shared', 'main.tf'), SHARED_MAIN)
  write(path.join(dir, 'modules', 'shared', 'variables.tf'), SHARED_VARIABLES)
  write(path.join(dir, 'modules', 'leaf', 'main.tf'), LEAF)
  const made = []
  for (let i = 1; i <= roots; i++) {
    const r = path.join(dir, 'roots', `r${String(i).padStart(2, '0')}`)
    write(path.join(r, 'main.tf'), root(i))
    made.push(r)
  }
  return {shared: path.join(dir, 'modules', 'shared', 'main.tf'), roots: made}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, n] = process.argv.slice(2)
  if (!dir) {
    process.stderr.write('usage: node scripts/synth-workspace.mjs DIR [ROOTS]\n')
    process.exit(1)
  }
  const roots = n === undefined ? 30 : Number(n)
  if (!Number.isInteger(roots) || roots < 1) {
    process.stderr.write(`synth-workspace: ROOTS must be a whole number of 1 or more, not "${n}"\n`)
    process.exit(1)
  }
  const {roots: made} = generateWorkspace(path.resolve(dir), roots)
  process.stdout.write(`${made.length} roots calling modules/shared written to ${dir}\n`)
}
