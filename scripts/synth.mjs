// Synthetic configurations for the scaling curve of the benchmark: a root module calling chains of
// child modules that pass an aliased provider configuration down with `providers` maps. Every module
// has two files (main.tf, variables.tf), four resources, two variables and an output.
// Usage: node scripts/synth.mjs [--monorepo] DIR FILES   (or import {generate, generateMonorepo})
import {mkdirSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const CHAIN = 10

export function generate(dir, files) {
  const modules = Math.max(1, Math.floor(files / 2) - 1)
  const chains = Math.ceil(modules / CHAIN)
  mkdirSync(dir, {recursive: true})
  const calls = []
  for (let c = 0; c < chains; c++) {
    calls.push(
      `module "chain_${c}" {\n  source = "./modules/m${c}_0"\n  providers = {\n    aws      = aws.east\n    aws.peer = aws.west\n  }\n  name = "\${var.prefix}-chain-${c}"\n  size = ${c}\n}\n`,
    )
  }
  writeFileSync(
    path.join(dir, 'main.tf'),
    `terraform {\n  required_version = ">= 1.5"\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = ">= 5.0"\n    }\n  }\n}\n\nprovider "aws" {\n  alias  = "east"\n  region = "us-east-1"\n}\n\nprovider "aws" {\n  alias  = "west"\n  region = "us-west-2"\n}\n\n${calls.join('\n')}`,
  )
  writeFileSync(
    path.join(dir, 'variables.tf'),
    `variable "prefix" {\n  type    = string\n  default = "synthetic"\n}\n\noutput "vpc_ids" {\n  value = [${calls.map((_, c) => `module.chain_${c}.vpc_id`).join(', ')}]\n}\n`,
  )
  let made = 0
  for (let c = 0; c < chains; c++) {
    for (let j = 0; j < CHAIN && made < modules; j++, made++) {
      const m = path.join(dir, 'modules', `m${c}_${j}`)
      mkdirSync(m, {recursive: true})
      const last = j === CHAIN - 1 || made === modules - 1
      const next = last
        ? ''
        : `\nmodule "next" {\n  source = "../m${c}_${j + 1}"\n  providers = {\n    aws      = aws\n    aws.peer = aws.peer\n  }\n  name = "\${var.name}-${j + 1}"\n  size = var.size + 1\n}\n`
      writeFileSync(
        path.join(m, 'main.tf'),
        `terraform {\n  required_version = ">= 1.5"\n  required_providers {\n    aws = {\n      source                = "hashicorp/aws"\n      version               = ">= 5.0"\n      configuration_aliases = [aws.peer]\n    }\n  }\n}\n\nlocals {\n  tags = {\n    Name  = var.name\n    Depth = "${j}"\n    Owner = data.aws_caller_identity.current.account_id\n    Next  = ${last ? '""' : 'module.next.vpc_id'}\n  }\n}\n\nresource "aws_vpc" "this" {\n  cidr_block = "10.\${var.size % 250}.0.0/16"\n  tags       = local.tags\n}\n\nresource "aws_subnet" "a" {\n  vpc_id     = aws_vpc.this.id\n  cidr_block = cidrsubnet(aws_vpc.this.cidr_block, 8, 1)\n}\n\nresource "aws_vpc_peering_connection" "peer" {\n  provider    = aws.peer\n  vpc_id      = aws_vpc.this.id\n  peer_vpc_id = aws_vpc.this.id\n}\n\ndata "aws_caller_identity" "current" {}\n${next}`,
      )
      writeFileSync(
        path.join(m, 'variables.tf'),
        `variable "name" {\n  type        = string\n  description = "name of chain ${c}, module ${j}"\n}\n\nvariable "size" {\n  type    = number\n  default = 1\n}\n\noutput "vpc_id" {\n  value = aws_vpc.this.id\n}\n`,
      )
    }
  }
  return {modules: made + 1, files: 2 * (made + 1)}
}

// A monorepo: FILES files as independent root modules ("stacks") of at most PER_ROOT files each, as
// `lint --recursive` meets them in a repository of many deployments.
export function generateMonorepo(dir, files, perRoot = 200) {
  let made = 0
  let roots = 0
  while (made < files) {
    const n = Math.max(2, Math.min(perRoot, files - made))
    made += generate(path.join(dir, 'stacks', `s${String(roots).padStart(4, '0')}`), n).files
    roots++
  }
  return {roots, files: made}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const mono = args[0] === '--monorepo'
  const [dir, files] = mono ? args.slice(1) : args
  if (!dir || !files) {
    console.error('usage: node scripts/synth.mjs [--monorepo] DIR FILES')
    process.exit(1)
  }
  console.log(JSON.stringify((mono ? generateMonorepo : generate)(path.resolve(dir), Number(files))))
}
