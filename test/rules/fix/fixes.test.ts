// Table tests of every fix (issue #38): the files before, the files after `lint --fix` (only the rule under
// test enabled), and for every case the property that each original line no edit touches survives byte for
// byte and in order, and that a second `--fix` changes nothing.
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import type {LintOptions} from '../../../src/lint/lint.js'
import {assertEveryFixKeepsLines, findingsWithFixes, fixMemory, type Files} from './fix-harness.js'

interface Case {
  readonly name: string
  readonly rule: string
  readonly before: Files
  /** The files that change, as they are after (the others must not change). */
  readonly after: Files
  /** The rule's findings left after the fixes (default none). */
  readonly left?: number
  readonly options?: LintOptions
}

const LOCK = (provider: string, version: string): string =>
  `provider "registry.terraform.io/hashicorp/${provider}" {\n  version = "${version}"\n}\n`

const CASES: readonly Case[] = [
  // deprecated-interpolation
  {
    name: 'an argument',
    rule: 'deprecated-interpolation',
    before: {'main.tf': 'locals {\n  a = "${var.x}"\n}\n'},
    after: {'main.tf': 'locals {\n  a = var.x\n}\n'},
  },
  {
    name: 'a map key goes in parentheses',
    rule: 'deprecated-interpolation',
    before: {'main.tf': 'locals {\n  m = {"${var.k}" = 1}\n}\n'},
    after: {'main.tf': 'locals {\n  m = {(var.k) = 1}\n}\n'},
  },
  {
    name: 'a conditional an operator takes apart goes in parentheses; list items do not',
    rule: 'deprecated-interpolation',
    before: {'main.tf': 'locals {\n  a = "${var.c ? 1 : 2}" == 1\n  l = ["${var.x}", "y"]\n}\n'},
    after: {'main.tf': 'locals {\n  a = (var.c ? 1 : 2) == 1\n  l = [var.x, "y"]\n}\n'},
  },
  {
    name: 'the trailing comments of the chain are aligned again, the equals signs left as written',
    rule: 'deprecated-interpolation',
    before: {'main.tf': 'locals {\n  a  = "${var.x}" # one\n  bb = var.y # two\n\n  c = 1 # three\n}\n'},
    after: {'main.tf': 'locals {\n  a  = var.x # one\n  bb = var.y # two\n\n  c = 1 # three\n}\n'},
  },
  {
    name: 'a multi-line interpolation keeps its inner text',
    rule: 'deprecated-interpolation',
    before: {'main.tf': 'locals {\n  a = "${merge(\n    var.x,\n    var.y,\n  )}"\n}\n'},
    after: {'main.tf': 'locals {\n  a = merge(\n    var.x,\n    var.y,\n  )\n}\n'},
  },
  // deprecated-index
  {
    name: 'a legacy index and an attribute-only splat',
    rule: 'deprecated-index',
    before: {'main.tf': 'locals {\n  a = var.l.0\n  b = var.l.*.id\n  c = var.l.0.id\n}\n'},
    after: {'main.tf': 'locals {\n  a = var.l[0]\n  b = var.l[*].id\n  c = var.l[0].id\n}\n'},
  },
  {
    name: 'an index after an attribute-only splat applies to its result: parentheses keep that',
    rule: 'deprecated-index',
    before: {'main.tf': 'locals {\n  a = var.l.*.id[0]\n}\n'},
    after: {'main.tf': 'locals {\n  a = (var.l[*].id)[0]\n}\n'},
  },
  {
    name: 'a legacy index an attribute-only splat applies is fixed with the splat',
    rule: 'deprecated-index',
    before: {'main.tf': 'locals {\n  a = var.l.*.tags.0\n  b = var.n.*.0\n}\n'},
    after: {'main.tf': 'locals {\n  a = var.l[*].tags[0]\n  b = var.n[*][0]\n}\n'},
  },
  {
    name: 'in a JSON string template',
    rule: 'deprecated-index',
    before: {'main.tf.json': '{\n  "locals": {\n    "value": "${var.list.0}"\n  }\n}\n'},
    after: {'main.tf.json': '{\n  "locals": {\n    "value": "${var.list[0]}"\n  }\n}\n'},
  },
  // deprecated-lookup
  {
    name: 'two arguments; a conditional map goes in parentheses; three arguments stay',
    rule: 'deprecated-lookup',
    before: {
      'main.tf': 'locals {\n  a = lookup(var.m, "k")\n  b = lookup(var.c ? var.m : var.n, var.k)\n  c = lookup(var.m, "k", null)\n}\n',
    },
    after: {'main.tf': 'locals {\n  a = var.m["k"]\n  b = (var.c ? var.m : var.n)[var.k]\n  c = lookup(var.m, "k", null)\n}\n'},
  },
  // empty-list-equality
  {
    name: 'either side, == and !=',
    rule: 'empty-list-equality',
    before: {'main.tf': 'locals {\n  a = var.l == []\n  b = [] != var.l\n  c = var.x && var.l == []\n}\n'},
    after: {'main.tf': 'locals {\n  a = length(var.l) == 0\n  b = length(var.l) != 0\n  c = var.x && length(var.l) == 0\n}\n'},
  },
  // comment-syntax
  {
    name: '// comments, alone and after code',
    rule: 'comment-syntax',
    before: {'main.tf': '// header\nlocals {\n  a = 1 // one\n  # fine\n}\n'},
    after: {'main.tf': '# header\nlocals {\n  a = 1 # one\n  # fine\n}\n'},
  },
  {
    name: 'a multi-line /* */ comment becomes # lines at its indentation',
    rule: 'comment-syntax',
    before: {'main.tf': 'locals {\n  /*\n   * first\n   *   indented\n   */\n  a = 1\n}\n'},
    after: {'main.tf': 'locals {\n  # first\n  #   indented\n  a = 1\n}\n'},
  },
  {
    name: 'CRLF line endings stay CRLF',
    rule: 'comment-syntax',
    before: {'main.tf': 'locals {\r\n  /* one\r\n     two */\r\n  a = 1 // x\r\n}\r\n'},
    after: {'main.tf': 'locals {\r\n  # one\r\n  # two\r\n  a = 1 # x\r\n}\r\n'},
  },
  {
    name: 'a block comment that shares its line with code gets no fix',
    rule: 'comment-syntax',
    before: {'main.tf': 'locals {\n  a = 1 /* one\n  two */\n}\n'},
    after: {},
    left: 1,
  },
  // Terraform's "Quoted references are deprecated"
  {
    name: 'quoted references and keywords are unquoted',
    rule: 'terraform',
    before: {
      'main.tf':
        'resource "null_resource" "a" {\n  depends_on = ["null_resource.b", null_resource.c]\n  lifecycle {\n    ignore_changes = ["triggers"]\n  }\n}\nresource "null_resource" "b" {}\nresource "null_resource" "c" {}\n',
    },
    after: {
      'main.tf':
        'resource "null_resource" "a" {\n  depends_on = [null_resource.b, null_resource.c]\n  lifecycle {\n    ignore_changes = [triggers]\n  }\n}\nresource "null_resource" "b" {}\nresource "null_resource" "c" {}\n',
    },
  },
  // missing-required-provider
  {
    name: 'a root module with a lock file: a new terraform block at the end of the file, ~> the selected minor',
    rule: 'missing-required-provider',
    before: {'main.tf': 'resource "aws_vpc" "v" {}\n', '.terraform.lock.hcl': LOCK('aws', '5.31.0')},
    after: {
      'main.tf':
        'resource "aws_vpc" "v" {}\n\nterraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.31"\n    }\n  }\n}\n',
    },
  },
  {
    name: 'into the required_providers block, in versions.tf, several at once',
    rule: 'missing-required-provider',
    before: {
      'main.tf': 'resource "aws_vpc" "v" {}\nresource "random_id" "r" {}\nresource "null_resource" "n" {}\n',
      'versions.tf':
        'terraform {\n  required_version = ">= 1.5"\n\n  required_providers {\n    null = {\n      source  = "hashicorp/null"\n      version = "~> 3.0"\n    }\n  }\n}\n',
      '.terraform.lock.hcl': LOCK('aws', '5.31.0') + LOCK('random', '3.6.2') + LOCK('null', '3.2.2'),
    },
    after: {
      'versions.tf':
        'terraform {\n  required_version = ">= 1.5"\n\n  required_providers {\n    null = {\n      source  = "hashicorp/null"\n      version = "~> 3.0"\n    }\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.31"\n    }\n    random = {\n      source  = "hashicorp/random"\n      version = "~> 3.6"\n    }\n  }\n}\n',
    },
  },
  {
    name: 'into an existing terraform block without required_providers',
    rule: 'missing-required-provider',
    before: {
      'main.tf': 'terraform {\n  required_version = ">= 1.5"\n}\n\nresource "aws_vpc" "v" {}\n',
      '.terraform.lock.hcl': LOCK('aws', '5.31.0'),
    },
    after: {
      'main.tf':
        'terraform {\n  required_version = ">= 1.5"\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.31"\n    }\n  }\n}\n\nresource "aws_vpc" "v" {}\n',
    },
  },
  {
    name: 'a shared module takes >= the version the lock file of its root selected',
    rule: 'missing-required-provider',
    before: {
      'main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.0"\n    }\n  }\n}\nmodule "m" {\n  source = "./m"\n}\n',
      'm/main.tf': 'resource "aws_vpc" "v" {}\n',
      '.terraform.lock.hcl': LOCK('aws', '5.31.0'),
    },
    after: {
      'm/main.tf':
        'resource "aws_vpc" "v" {}\n\nterraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = ">= 5.31.0"\n    }\n  }\n}\n',
    },
  },
  {
    name: "without a lock file the version is the user's to choose: --fix leaves it",
    rule: 'missing-required-provider',
    before: {'main.tf': 'resource "aws_vpc" "v" {}\n'},
    after: {},
    left: 1,
  },
  {
    name: 'an entry without source gets the implied one; the legacy string form becomes an object',
    rule: 'missing-required-provider',
    before: {
      'main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      version = "~> 5.0"\n    }\n    null   = "~> 3.0"\n    random = { version = "~> 3.0" }\n  }\n}\nresource "aws_vpc" "v" {}\nresource "null_resource" "n" {}\nresource "random_id" "r" {}\n',
    },
    after: {
      'main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.0"\n    }\n    null = {\n      source  = "hashicorp/null"\n      version = "~> 3.0"\n    }\n    random = { source = "hashicorp/random", version = "~> 3.0" }\n  }\n}\nresource "aws_vpc" "v" {}\nresource "null_resource" "n" {}\nresource "random_id" "r" {}\n',
    },
  },
  // unused-required-provider
  {
    name: 'the entry goes; the equals signs of the chain it leaves are aligned again',
    rule: 'unused-required-provider',
    before: {
      'main.tf':
        'terraform {\n  required_providers {\n    aws        = { source = "hashicorp/aws" }\n    kubernetes = { source = "hashicorp/kubernetes" } # unused\n    null       = { source = "hashicorp/null" }\n  }\n}\nresource "aws_vpc" "v" {}\nresource "null_resource" "n" {}\n',
    },
    after: {
      'main.tf':
        'terraform {\n  required_providers {\n    aws  = { source = "hashicorp/aws" }\n    null = { source = "hashicorp/null" }\n  }\n}\nresource "aws_vpc" "v" {}\nresource "null_resource" "n" {}\n',
    },
  },
  {
    name: 'a multi-line entry goes with its lines, comments around it stay',
    rule: 'unused-required-provider',
    before: {
      'main.tf':
        'terraform {\n  required_providers {\n    # the cloud\n    aws = {\n      source = "hashicorp/aws"\n    }\n    # templates\n    template = {\n      source  = "hashicorp/template"\n      version = "~> 2.0"\n    }\n  }\n}\nresource "aws_vpc" "v" {}\n',
    },
    after: {
      'main.tf':
        'terraform {\n  required_providers {\n    # the cloud\n    aws = {\n      source = "hashicorp/aws"\n    }\n    # templates\n  }\n}\nresource "aws_vpc" "v" {}\n',
    },
  },
  // unused-configuration-alias
  {
    name: 'the slot goes, and the providers-map entry that filled it',
    rule: 'unused-configuration-alias',
    before: {
      'main.tf':
        'provider "aws" {\n  alias  = "e"\n  region = "x"\n}\nresource "aws_vpc" "v" {\n  provider = aws.e\n}\nmodule "m" {\n  source = "./m"\n  providers = {\n    aws.east   = aws.e\n    aws.unused = aws.e\n  }\n}\n',
      'm/main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source                = "hashicorp/aws"\n      configuration_aliases = [aws.east, aws.unused]\n    }\n  }\n}\nresource "aws_vpc" "v" {\n  provider = aws.east\n}\n',
    },
    after: {
      'main.tf':
        'provider "aws" {\n  alias  = "e"\n  region = "x"\n}\nresource "aws_vpc" "v" {\n  provider = aws.e\n}\nmodule "m" {\n  source = "./m"\n  providers = {\n    aws.east = aws.e\n  }\n}\n',
      'm/main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source                = "hashicorp/aws"\n      configuration_aliases = [aws.east]\n    }\n  }\n}\nresource "aws_vpc" "v" {\n  provider = aws.east\n}\n',
    },
  },
  {
    name: "not when the configuration passed to the slot would then serve nothing (that is the user's to decide)",
    rule: 'unused-configuration-alias',
    before: {
      'main.tf':
        'provider "aws" {\n  alias  = "only"\n  region = "x"\n}\nmodule "m" {\n  source = "./m"\n  providers = {\n    aws.unused = aws.only\n  }\n}\n',
      'm/main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source                = "hashicorp/aws"\n      configuration_aliases = [aws.unused]\n    }\n  }\n}\n',
    },
    after: {},
    left: 1,
  },
  // the configuration_aliases slot a caller fills (Terraform's "Reference to undefined provider")
  {
    name: "a slot added to the child's entry",
    rule: 'terraform',
    before: {
      'main.tf':
        'provider "aws" {\n  alias  = "w"\n  region = "x"\n}\nmodule "m" {\n  source = "./m"\n  providers = {\n    aws.west = aws.w\n  }\n}\n',
      'm/main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = ">= 5.0"\n    }\n  }\n}\nresource "aws_vpc" "v" {\n  provider = aws.west\n}\n',
    },
    after: {
      'm/main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source                = "hashicorp/aws"\n      version               = ">= 5.0"\n      configuration_aliases = [aws.west]\n    }\n  }\n}\nresource "aws_vpc" "v" {\n  provider = aws.west\n}\n',
    },
  },
  // a version in a provider block
  {
    name: 'moved into the required_providers entry (added to the constraint it has)',
    rule: 'terraform',
    before: {
      'main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = ">= 4.0"\n    }\n  }\n}\nprovider "aws" {\n  region  = "eu-west-1"\n  version = "~> 5.0"\n}\nresource "aws_vpc" "v" {}\n',
    },
    after: {
      'main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = ">= 4.0, ~> 5.0"\n    }\n  }\n}\nprovider "aws" {\n  region = "eu-west-1"\n}\nresource "aws_vpc" "v" {}\n',
    },
  },
  {
    name: 'moved into a new entry with the source the module uses',
    rule: 'terraform',
    before: {'main.tf': 'provider "google" {\n  project = "p"\n  version = "~> 5.0"\n}\nresource "google_compute_network" "n" {}\n'},
    after: {
      'main.tf':
        'provider "google" {\n  project = "p"\n}\nresource "google_compute_network" "n" {}\n\nterraform {\n  required_providers {\n    google = {\n      source  = "hashicorp/google"\n      version = "~> 5.0"\n    }\n  }\n}\n',
    },
  },
]

const t = suite('fixes')

for (const c of CASES) {
  t(`${c.rule}: ${c.name}`, async () => {
    const options: LintOptions = {only: [c.rule], ...c.options}
    const {after, run} = await fixMemory(c.before, options)
    for (const [f, text] of Object.entries(after)) assert.fixture(text, c.after[f] ?? c.before[f]!, `${f}`)
    const left = run.results[0]!.diagnostics.filter((d) => d.rule === c.rule && (c.rule !== 'terraform' || d.fixes !== undefined))
    assert.is(left.length, c.left ?? 0, left.map((d) => `${d.range?.filename}:${d.range?.start.line} ${d.summary}`).join('\n'))
    // the property, for every fix offered on the files as given
    await assertEveryFixKeepsLines(c.before, options)
    // idempotent: a second --fix changes nothing
    const again = await fixMemory(after, options)
    assert.is(again.run.changed.size, 0, `a second --fix changed ${[...again.run.changed.keys()].join(', ')}`)
  })
}

t('a choice (which configuration fills a slot) is offered as several fixes, none preferred, and --fix leaves it', async () => {
  const files: Files = {
    'main.tf':
      'provider "aws" {\n  alias  = "a"\n  region = "x"\n}\nprovider "aws" {\n  alias  = "b"\n  region = "y"\n}\nmodule "m" {\n  source = "./m"\n}\n',
    'm/main.tf':
      'terraform {\n  required_providers {\n    aws = {\n      source                = "hashicorp/aws"\n      version               = ">= 5.0"\n      configuration_aliases = [aws.east]\n    }\n  }\n}\nresource "aws_vpc" "v" {\n  provider = aws.east\n}\n',
  }
  const d = (await findingsWithFixes(files)).find((x) => x.code === 'provider.missing-config')!
  assert.equal(
    d.fixes?.map((f) => [f.title, f.preferred]),
    [
      ['Pass aws to module.m as aws.east', false],
      ['Pass aws.a to module.m as aws.east', false],
      ['Pass aws.b to module.m as aws.east', false],
    ],
  )
  assert.equal(
    d.fixes?.[1]?.edits.map((e) => e.newText),
    ['  providers = {\n    aws.east = aws.a\n  }\n'],
  )
  const {run} = await fixMemory(files)
  assert.ok(!run.applied.some((a) => a.title.startsWith('Pass')), 'no choice applied')
})

t('fixes are computed only when asked for', async () => {
  const {lint} = await import('../../../src/api.js')
  const r = await lint({files: {'main.tf': 'locals {\n  a = "${var.x}"\n}\n'}}, {env: {}})
  assert.ok(r.diagnostics.length > 0 && r.diagnostics.every((d) => d.fixes === undefined))
})

t.run()
