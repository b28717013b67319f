// validateProviderConfigs: the config-diagnostics conformance cases ([CD] harness of
// ../shared/conformance/INDEX.md), the configload cases about provider configurations, and hand-made
// cases whose Terraform answers were checked with terraform-oracle (Terraform 1.11.4), under both engines.
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {crawl, diagnosticString, validateProviderConfigs, type Diagnostic, type EngineName} from '../../helpers/internal.js'
import {advancePos, subRange} from '../../../src/providers/tree/validate.js'
import {hasShared, sharedDir} from '../../helpers/paths.js'

const V = suite('providers: validateProviderConfigs')
const configs = path.join(sharedDir, 'conformance/opentofu/internal/configs')
const CD = path.join(configs, 'testdata/config-diagnostics')
const ENGINES = ['opentofu', 'terraform'] as const
const temps: string[] = []

function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'tfgraph-validate-'))
  temps.push(d)
  return d
}

/**
 * Copies a fixture to a temporary directory (without `.terraform`). With `rootRelative`, every local
 * module source in a non-root directory is rewritten from "relative to the case root" (the [CD]
 * harness quirk) to "relative to the calling module", which is how tfgraph resolves sources.
 */
function copyCase(src: string, rootRelative: boolean): string {
  const dst = path.join(tempDir(), path.basename(src))
  cpSync(src, dst, {recursive: true, filter: (s) => !s.split(path.sep).includes('.terraform')})
  if (!rootRelative) return dst
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir)) {
      const p = path.join(dir, e)
      if (statSync(p).isDirectory()) walk(p)
      else if (dir !== dst && /\.(tf|tofu)(\.json)?$/.test(e)) {
        const text = readFileSync(p, 'utf8').replace(/(source\s*=\s*")(\.\.?\/[^"]*)"/g, (_m, pre: string, s: string) => {
          let rel = path.relative(dir, path.resolve(dst, s)).split(path.sep).join('/')
          if (!rel.startsWith('.')) rel = './' + rel
          return `${pre}${rel}"`
        })
        writeFileSync(p, text)
      }
    }
  }
  walk(dst)
  return dst
}

function writeCase(files: Record<string, string>): string {
  const dir = tempDir()
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), {recursive: true})
    writeFileSync(path.join(dir, name), text)
  }
  return dir
}

/** Tree diagnostics plus validation, as `[severity, "<range>: <summary>; <detail>"]`. */
async function diagnose(dir: string, engine: EngineName): Promise<{diags: Diagnostic[]; errors: string[]; warnings: string[]}> {
  const tree = await crawl(dir, {engine, env: {}})
  const diags = [...tree.diagnostics, ...validateProviderConfigs(tree)]
  return {
    diags,
    errors: diags.filter((d) => d.severity === 'error').map(diagnosticString),
    warnings: diags.filter((d) => d.severity === 'warning').map(diagnosticString),
  }
}

/** The [CD] rule: every expected line is a substring of some diagnostic, and every diagnostic matches some line. */
function assertMatches(kind: string, got: readonly string[], want: readonly string[]): void {
  for (const w of want)
    assert.ok(
      got.some((g) => g.includes(w)),
      `${kind}: nothing matches\n  ${w}\ngot:\n  ${got.join('\n  ')}`,
    )
  for (const g of got)
    assert.ok(
      want.some((w) => g.includes(w)),
      `${kind}: unexpected\n  ${g}\nexpected lines:\n  ${want.join('\n  ')}`,
    )
}

/** The wording substitutions of INDEX.md (OpenTofu → Terraform). */
function toTerraform(s: string): string {
  return s
    .replaceAll('OpenTofu', 'Terraform')
    .replaceAll('registry.opentofu.org', 'registry.terraform.io')
    .replaceAll('tofu init', 'terraform init')
    .replaceAll(
      'Module is incompatible with count, for_each, enabled and depends_on',
      'Module is incompatible with count, for_each, and depends_on',
    )
    .replaceAll(
      'may not use the count, for_each, enabled or depends_on arguments.',
      'may not use the count, for_each, or depends_on arguments.',
    )
}

function wording(engine: EngineName, lines: readonly string[]): string[] {
  return engine === 'terraform' ? lines.map(toTerraform) : [...lines]
}

/** Lines of an upstream `errors`/`warnings` file, made relative to the case root. */
function expectationFile(caseName: string, file: string): string[] {
  const p = path.join(CD, caseName, file)
  if (!existsSync(p)) return []
  return readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.replace(new RegExp(`^(testdata/config-diagnostics/)?${caseName}/`), '').replaceAll('\\n', '\n'))
}

// ---------------------------------------------------------------------------------------------
// config-diagnostics [CD]

const CD_CASES = [
  'empty-configs',
  'import-in-child-module',
  'incorrect-type',
  'invalid-provider',
  'nested-provider',
  'override-provider',
  'pass-inherited-provider',
  'provider-foreach',
  'required-alias',
  'unexpected-provider',
  'unknown-root-provider',
  'with-depends-on',
]

const TF_REF =
  'Invalid provider configuration reference; The provider argument requires a provider type name, optionally followed by a period and then a configuration alias.'
const TF_RESERVED =
  'Reserved argument name in provider block; The provider argument name "for_each" is reserved for use by Terraform in a future version.'

/** Terraform answers where the engines differ (INDEX.md "TF:" notes; checked with terraform-oracle). */
const TF_OVERRIDES: Record<string, {errors: string[]; warnings: string[]}> = {
  'provider-foreach': {
    errors: [
      ...[8, 17, 26, 35, 44, 53, 62].map((l) => `main.tf:${l},9-17: ${TF_RESERVED}`),
      ...['13,20-40', '22,20-40', '31,20-40', '40,20-41', '49,20-39', '58,20-37', '67,20-38'].map((r) => `main.tf:${r}: ${TF_REF}`),
    ],
    warnings: [],
  },
  // Terraform ≥ 1.16 supports import blocks in child modules (1.5–1.15 report the OpenTofu error).
  'import-in-child-module': {errors: [], warnings: []},
}

if (hasShared('providers/validate: upstream config-diagnostics cases', 'conformance/opentofu/internal/configs')) {
  for (const engine of ENGINES) {
    for (const name of CD_CASES) {
      V(`[CD] ${name} (${engine})`, async () => {
        const dir = copyCase(path.join(CD, name), true)
        const got = await diagnose(dir, engine)
        const override = engine === 'terraform' ? TF_OVERRIDES[name] : undefined
        assertMatches('errors', got.errors, override?.errors ?? wording(engine, expectationFile(name, 'errors')))
        assertMatches('warnings', got.warnings, override?.warnings ?? wording(engine, expectationFile(name, 'warnings')))
      })
    }
  }

  V('[CD] nested-provider: subject is the ancestor call count; the detail is the two paragraphs Terraform gives', async () => {
    const got = await diagnose(copyCase(path.join(CD, 'nested-provider'), true), 'terraform')
    assert.equal(got.errors, [
      'root.tf:2,11-12: Module is incompatible with count, for_each, and depends_on; The module at module.child.module.child2 is a legacy module which contains its own local provider configurations, and so calls to it may not use the count, for_each, or depends_on arguments.\n\n' +
        'If you also control the module "./child2", consider updating this module to instead expect provider configurations to be passed by its caller.',
    ])
  })
}

// ---------------------------------------------------------------------------------------------
// configload and other module-tree cases (sources relative to the caller)

interface Expect {
  readonly errors: readonly string[]
  readonly warnings: readonly string[]
  readonly rootRelative?: boolean
  /** Per-engine replacement of the (OpenTofu-worded) expectation. */
  readonly terraform?: {readonly errors: readonly string[]; readonly warnings: readonly string[]}
}

const INVALID_PART = 'must contain only letters, digits, and dashes, and may not use leading or trailing dashes'

const TREE_CASES: Record<string, Expect> = {
  'configload/testdata/child-provider-child-count': {
    errors: [
      'child-provider-child-count.tf:3,12-13: Module is incompatible with count, for_each, enabled and depends_on; The module at module.child is a legacy module which contains its own local provider configurations, and so calls to it may not use the count, for_each, enabled or depends_on arguments.',
    ],
    warnings: [],
  },
  'configload/testdata/child-provider-grandchild-count': {errors: [], warnings: []},
  // The empty provider "aws" {} in child2 does not make depends_on an error, but it is still redundant (Terraform agrees).
  'configload/testdata/module-depends-on': {
    errors: [],
    warnings: ['child2/main.tf:1,1-15: Redundant empty provider block; Earlier versions of OpenTofu used empty provider blocks'],
  },
  'configload/testdata/invalid-names': {
    errors: [`main.tf:1,1-19: Invalid provider local name; 42_bad! is an invalid provider local name: ${INVALID_PART}`],
    warnings: [],
  },
  'configload/testdata/invalid-names-in-submodules': {
    errors: [
      `sub/main.tf:1,1-27: Invalid provider local name; "aws-" is an invalid implied provider local name: ${INVALID_PART}`,
      `sub/main.tf:5,1-23: Invalid provider local name; "aws-" is an invalid implied provider local name: ${INVALID_PART}`,
    ],
    warnings: [],
  },
  // Upstream loads the root separately and builds the tree anyway, so validation still runs (the CLIs stop at the root error).
  'testdata/duplicate-local-name': {
    errors: ['Missing name for resource'],
    warnings: [
      'main.tf:6,12-8,6: Duplicate required provider; Provider hashicorp/test with the local name "dupe" was previously required as "test". A provider can only be required once within required_providers.',
      'main.tf:9,13-11,6: Duplicate required provider; Provider hashicorp/default with the local name "other" was implicitly required via a configuration block as "default". The provider configuration block name must match the name used in required_providers.',
    ],
  },
  'testdata/nested-backend-warning': {
    rootRelative: true,
    errors: [],
    warnings: [
      'child/child.tf:4,3-20: Backend configuration ignored; Any selected backend applies to the entire configuration, so OpenTofu expects provider configurations only in the root module.',
    ],
    terraform: {
      errors: [],
      warnings: [
        'child/child.tf:4,3-20: Backend configuration ignored; Any selected backend applies to the entire configuration, so Terraform expects backend configurations only in the root module.',
      ],
    },
  },
  'testdata/nested-cloud-warning': {
    rootRelative: true,
    errors: [],
    warnings: [],
    terraform: {
      errors: [],
      warnings: [
        "child/child.tf:4,3-8: Cloud configuration ignored; A cloud configuration block applies to the entire configuration, so Terraform expects 'cloud' blocks to only be in the root module.",
      ],
    },
  },
}

if (existsSync(configs)) {
  for (const engine of ENGINES) {
    for (const [rel, want] of Object.entries(TREE_CASES)) {
      V(`${rel} (${engine})`, async () => {
        const got = await diagnose(copyCase(path.join(configs, rel), want.rootRelative ?? false), engine)
        const w =
          engine === 'terraform' && want.terraform
            ? want.terraform
            : {errors: wording(engine, want.errors), warnings: wording(engine, want.warnings)}
        assertMatches('errors', got.errors, w.errors)
        assertMatches('warnings', got.warnings, w.warnings)
      })
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Hand-made cases (Terraform answers checked with terraform-oracle, Terraform 1.11.4)

interface Made {
  readonly files: Record<string, string>
  readonly terraform?: {readonly errors: readonly string[]; readonly warnings: readonly string[]}
  readonly opentofu?: {readonly errors: readonly string[]; readonly warnings: readonly string[]}
}

const DECODE_MAIN = `terraform {
  required_providers {
    aws = {
      source = "hashicorp/aws"
    }
    My_Cloud = {
      source = "example.com/x/cloud"
    }
  }
  provider_meta "Bad_Name" {
    hello = "world"
  }
}

provider "aws" {
  alias      = "bad alias"
  count      = 2
  depends_on = []
  source     = "x"
  region     = "eu-west-1"
  lifecycle {
  }
  locals {
  }
  _ {
    region = "x"
  }
  _ {
  }
}

module "child" {
  source   = "./child"
  count    = 1
  for_each = {}
  providers = {
    aws = aws   # a comment
    /* block */ aws = aws.other
    "aws.x" = "aws"
    aws.y = aws.a.b
    Bad = aws
  }
}

resource "aws_instance" "a" {
  provider = aws.foo.bar
}

resource "aws_instance" "b" {
  provider = AWS
}

resource "aws_instance" "c" {
  provider = aws[0]
}

resource "aws_instance" "d" {
  provider = "aws.\${var.x}"
}
`

const STAND_ALONE =
  'Invalid provider configuration reference; Provider name must either stand alone or be followed by a period and then a configuration alias.'

const MADE: Record<string, Made> = {
  'decode-time checks: provider blocks, providers maps, references, names': {
    files: {
      'main.tf': DECODE_MAIN,
      'child/main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source = "hashicorp/aws"\n      configuration_aliases = [aws.x]\n    }\n  }\n}\n',
    },
    terraform: {
      errors: [
        'Invalid provider configuration alias; An alias must be a valid name. A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.',
        'main.tf:6,16-8,6: Invalid provider local name; My_Cloud is an invalid provider local name: must contain only letters, digits, and dashes',
        'main.tf:10,3-27: Invalid provider local name; Bad_Name is an invalid provider local name: must contain only',
        'main.tf:17,3-8: Reserved argument name in provider block; The provider argument name "count" is reserved for use by Terraform in a future version.',
        'main.tf:18,3-13: Reserved argument name in provider block; The provider argument name "depends_on" is reserved',
        'main.tf:19,3-9: Reserved argument name in provider block; The provider argument name "source" is reserved',
        'main.tf:21,3-12: Reserved block type name in provider block; The block type name "lifecycle" is reserved for use by Terraform in a future version.',
        'main.tf:23,3-9: Reserved block type name in provider block; The block type name "locals" is reserved',
        'main.tf:28,3-4: Duplicate escaping block; The special block type "_" can be used to force particular arguments to be interpreted as provider-specific rather than as meta-arguments, but each provider block can have only one such block. The first escaping block was at main.tf:25,3-4.',
        'main.tf:35,3-11: Invalid combination of "count" and "for_each"; The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.',
        'main.tf:38,23-32: Duplicate provider address; A provider configuration was already passed to aws at main.tf:37,5-14. Each child provider configuration can be assigned only once.',
        'main.tf:40,13-20: Invalid provider configuration reference; The providers argument requires a provider type name, optionally followed by a period and then a configuration alias.',
        'main.tf:41,5-8: Invalid provider local name; Provider names must be normalized. Replace "Bad" with "bad" to fix this error.',
        `main.tf:46,14-25: ${TF_REF}`,
        'main.tf:50,14-17: Invalid provider local name; Provider names must be normalized. Replace "AWS" with "aws" to fix this error.',
        `main.tf:54,17-20: ${STAND_ALONE}`,
        'main.tf:58,14-28: Invalid provider configuration reference; A provider configuration reference must not be given in quotes.',
      ],
      warnings: [
        'main.tf:39,5-12: Quoted references are deprecated; In this context, references are expected literally rather than in quotes. Terraform 0.11 and earlier required quotes',
        'main.tf:39,15-20: Quoted references are deprecated',
      ],
    },
    opentofu: {
      errors: [
        'Invalid provider configuration alias; An alias must be a valid name.',
        'main.tf:6,16-8,6: Invalid provider local name; My_Cloud is an invalid provider local name: must contain only letters, digits, and dashes',
        'main.tf:10,3-27: Invalid provider local name; Bad_Name is an invalid provider local name: must contain only',
        'main.tf:17,3-8: Reserved argument name in provider block; The provider argument name "count" is reserved for use by OpenTofu in a future version.',
        'main.tf:18,3-13: Reserved argument name in provider block; The provider argument name "depends_on" is reserved',
        'main.tf:19,3-9: Reserved argument name in provider block; The provider argument name "source" is reserved',
        'main.tf:21,3-12: Reserved block type name in provider block; The block type name "lifecycle" is reserved for use by OpenTofu in a future version.',
        'main.tf:23,3-9: Reserved block type name in provider block; The block type name "locals" is reserved',
        'main.tf:28,3-4: Duplicate escaping block; The special block type "_" can be used',
        'main.tf:34,3-35,11: Invalid combination of "count" and "for_each"; The "count" and "for_each" meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of module instances to be created.',
        'main.tf:38,23-32: Duplicate provider address; A provider configuration was already passed to aws at main.tf:37,5-14.',
        `main.tf:40,18-20: ${STAND_ALONE}`,
        'main.tf:41,5-8: Invalid provider local name; Provider names must be normalized. Replace "Bad" with "bad" to fix this error.',
        `main.tf:46,21-25: ${STAND_ALONE}`,
        'main.tf:50,14-17: Invalid provider local name; Provider names must be normalized. Replace "AWS" with "aws" to fix this error.',
        `main.tf:54,17-20: ${STAND_ALONE}`,
        'main.tf:58,14-28: Invalid provider configuration reference; A provider configuration reference must not be given in quotes.',
      ],
      warnings: [
        'main.tf:39,5-12: Quoted references are deprecated; In this context, references are expected literally rather than in quotes. OpenTofu 0.11 and earlier',
        'main.tf:39,15-20: Quoted references are deprecated',
      ],
    },
  },
  'Provider type mismatch, both forms (argument order per engine)': {
    files: {
      'main.tf': `terraform {
  required_providers {
    foo = {
      source = "example.com/vendor/foo"
    }
    bar = {
      source = "hashicorp/bar"
    }
  }
}

module "child" {
  source = "./child"
  providers = {
    foo = foo
    qux = bar
  }
}
`,
      'child/main.tf': `terraform {
  required_providers {
    myfoo = {
      source = "example.com/vendor/foo"
    }
    foo = {
      source = "hashicorp/foo"
    }
    qux = {
      source = "example.com/other/qux"
    }
  }
}
`,
    },
    terraform: {
      errors: [
        'main.tf:15,5-8: Provider type mismatch; The assigned configuration is for provider "example.com/vendor/foo", but local name "foo" in the root module represents "hashicorp/foo".\n\nTo pass this configuration to the child module, use the local name "myfoo" instead.',
        'main.tf:16,11-14: Provider type mismatch; The local name "bar" in the root module represents provider "hashicorp/bar", but "qux" in module.child represents "example.com/other/qux".\n\nEach provider has its own distinct configuration schema and provider types, so this module\'s "qux" can be assigned only a configuration for example.com/other/qux, which is not required by module.child.',
      ],
      warnings: [],
    },
    opentofu: {
      errors: [
        'main.tf:15,5-8: Provider type mismatch; The assigned configuration is for provider "hashicorp/foo", but local name "foo" in the root module represents "example.com/vendor/foo".\n\nTo pass this configuration to the child module, use the local name "myfoo" instead.',
        'main.tf:16,11-14: Provider type mismatch; The local name "bar" in the root module represents provider "hashicorp/bar", but "qux" in module.child represents "example.com/other/qux".',
      ],
      warnings: [],
    },
  },
  'legacy modules under depends_on (first item) and for_each, version-only blocks count as configured': {
    files: {
      'main.tf': `resource "null_resource" "x" {}

module "a" {
  source     = "./a"
  depends_on = [null_resource.x, module.z]
}

module "z" {
  source   = "./a/b"
  for_each = toset(["k"])
}
`,
      'a/main.tf': 'module "b" {\n  source = "./b"\n}\nprovider "null" {\n  version = "~> 3.0"\n}\n',
      'a/b/main.tf': 'provider "random" {\n  alias = "r"\n  foo   = 1\n}\nprovider "null" {\n  alias = "n"\n}\n',
    },
    terraform: {
      errors: [
        'main.tf:5,17-32: Module is incompatible with count, for_each, and depends_on; The module at module.a.module.b is a legacy module which contains its own local provider configurations, and so calls to it may not use the count, for_each, or depends_on arguments.\n\nIf you also control the module "./b", consider',
        'main.tf:5,17-32: Module is incompatible with count, for_each, and depends_on; The module at module.a is a legacy module which contains its own local provider configurations, and so calls to it may not use the count, for_each, or depends_on arguments.\n\nIf you also control the module "./a", consider',
        'main.tf:10,14-26: Module is incompatible with count, for_each, and depends_on; The module at module.z is a legacy module which contains its own local provider configurations, and so calls to it may not use the count, for_each, or depends_on arguments.\n\nIf you also control the module "./a/b", consider',
      ],
      warnings: [
        'a/b/main.tf:5,1-16: Redundant empty provider block',
        'a/main.tf:5,13-21: Version constraints inside provider configuration blocks are deprecated',
      ],
    },
  },
  'Reference to undefined provider: warning (default type) and error (other type)': {
    files: {
      'main.tf':
        'terraform {\n  required_providers {\n    foo = {\n      source = "example.com/vendor/foo"\n    }\n  }\n}\n\nmodule "child" {\n  source = "./child"\n  providers = {\n    foo.bar = foo\n  }\n}\n\nmodule "other" {\n  source = "./other"\n  providers = {\n    baz = foo\n  }\n}\n',
      'child/main.tf': 'terraform {\n  required_providers {\n    foo = {\n      source = "example.com/vendor/foo"\n    }\n  }\n}\n',
      'other/main.tf': 'resource "baz_thing" "a" {}\n',
    },
    terraform: {
      errors: [
        'main.tf:12,5-8: Reference to undefined provider; The child module does not declare any provider requirement with the local name "foo.bar".\n\nIf you also control the child module, you can add a required_providers entry named "foo.bar" with the source address "example.com/vendor/foo" to accept this provider configuration.',
        'main.tf:19,11-14: Provider type mismatch; The local name "foo" in the root module represents provider "example.com/vendor/foo", but "baz" in module.other represents "hashicorp/baz".',
      ],
      warnings: [
        'main.tf:19,5-8: Reference to undefined provider; There is no explicit declaration for local provider name "baz" in module.other, so Terraform is assuming you mean to pass a configuration for "hashicorp/baz".\n\nIf you also control the child module, add a required_providers entry named "baz" with the source address "hashicorp/baz".',
      ],
    },
  },
  'Duplicate required provider via resource and via provider block name': {
    files: {
      'main.tf':
        'terraform {\n  required_providers {\n    awsx = {\n      source = "hashicorp/aws"\n    }\n    terraform = {\n      source = "hashicorp/terraform"\n    }\n    rnd = {\n      source = "hashicorp/random"\n    }\n  }\n}\n\nprovider "random" {}\n\nresource "aws_instance" "a" {}\ndata "aws_ami" "b" {}\n',
    },
    terraform: {
      errors: [],
      warnings: [
        'main.tf:9,11-11,6: Duplicate required provider; Provider hashicorp/random with the local name "rnd" was implicitly required via a configuration block as "random". The provider configuration block name must match the name used in required_providers.',
        'main.tf:17,1-28: Duplicate required provider; Provider "registry.terraform.io/hashicorp/aws" was implicitly required via resource "aws_instance.a", but listed in required_providers as "awsx". Either the local name in required_providers must match the resource name, or the "awsx" provider must be assigned within the resource block.',
        'main.tf:18,1-19: Duplicate required provider; Provider "registry.terraform.io/hashicorp/aws" was implicitly required via resource "data.aws_ami.b", but listed in required_providers as "awsx".',
      ],
    },
  },
  'JSON syntax: names inside strings are positioned from the string token': {
    files: {
      'main.tf.json':
        '{\n  "module": {\n    "child": {\n      "source": "./child",\n      "providers": {\n        "aws": "aws",\n        "aws.west": "aws.east"\n      }\n    }\n  },\n  "provider": {\n    "aws": [\n      {"alias": "east", "region": "us-east-1"}\n    ]\n  }\n}\n',
      'child/main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source = "hashicorp/aws"\n      configuration_aliases = [aws.west]\n    }\n  }\n}\nprovider "aws" {\n  region = "x"\n}\n',
    },
    terraform: {
      errors: [
        'main.tf.json:6,9-12: Cannot override provider configuration; The configuration of module.child has its own local configuration for aws, and so it cannot accept an overridden configuration provided by the root module.',
      ],
      warnings: [
        'main.tf.json:6,16-19: Reference to undefined provider; There is no explicit declaration for local provider name "aws" in the root module',
      ],
    },
  },
  'OpenTofu skips validation when a child module has errors; Terraform validates what loaded': {
    files: {
      'main.tf': 'module "child" {\n  source = "./child"\n  providers = {\n    bar = bar\n  }\n}\n',
      'child/main.tf': 'provider "Crash" {}\n',
    },
    terraform: {
      errors: [
        'child/main.tf:1,1-17: Invalid provider local name; Provider names must be normalized. Replace "Crash" with "crash" to fix this error.',
      ],
      warnings: [
        'main.tf:4,5-8: Reference to undefined provider; There is no explicit declaration for local provider name "bar" in module.child',
        'main.tf:4,11-14: Reference to undefined provider; There is no explicit declaration for local provider name "bar" in the root module',
      ],
    },
    opentofu: {errors: ['child/main.tf:1,1-17: Invalid provider local name; Provider names must be normalized.'], warnings: []},
  },
  'OpenTofu skips validation when a module cannot be loaded': {
    files: {
      'main.tf':
        'module "gone" {\n  source = "./nope"\n}\n\nmodule "child" {\n  source = "./child"\n  providers = {\n    bar = bar\n  }\n}\n',
      'child/main.tf': 'terraform {\n  required_providers {\n    bar = {\n      source = "hashicorp/bar"\n    }\n  }\n}\n',
    },
    terraform: {
      errors: ['main.tf:1,1-14: Unreadable module directory'],
      warnings: [
        'main.tf:8,11-14: Reference to undefined provider; There is no explicit declaration for local provider name "bar" in the root module',
      ],
    },
    opentofu: {errors: ['main.tf:1,1-14: Unreadable module directory'], warnings: []},
  },
  'OpenTofu instance keys (check 4) and for_each foot-gun warnings': {
    files: {
      'main.tf': `variable "regions" {
  type    = set(string)
  default = ["a"]
}

provider "aws" {
  alias    = "by_region"
  for_each = var.regions
  region   = each.key
}

provider "aws" {
  alias  = "plain"
  region = "x"
}

provider "aws" {
  for_each = var.regions
}

module "m" {
  source   = "./m"
  count    = 1
  for_each = var.regions
  lifecycle {
    enabled = true
  }
  providers = {
    aws.w["k"] = aws.plain
    aws.x      = aws.by_region
    aws.y      = aws.plain[each.key]
    aws.z      = aws.none[each.key]
    aws.v      = aws[each.key]
  }
}

module "n" {
  source   = "./m"
  for_each = ( var.regions )
  providers = {
    aws.x = aws.by_region[each.key]
  }
}

resource "aws_instance" "i" {
  for_each = var.regions
  provider = aws.by_region[each.key]
}
`,
      'm/main.tf':
        'terraform {\n  required_providers {\n    aws = {\n      source = "hashicorp/aws"\n      configuration_aliases = [aws.x]\n    }\n  }\n}\n',
    },
    opentofu: {
      errors: [
        'main.tf:18,14-25: Alias required when using "for_each"; The for_each argument is allowed only for provider configurations with an alias.',
        'main.tf:23,3-26,12: Invalid combination of "count", "enabled", and "for_each"; The "count", "enabled", and "for_each" meta-arguments are mutually-exclusive.',
        'main.tf:33,18-21: Invalid provider configuration reference; Provider assignment requires an alias when specifying an instance key, in the form of provider.name[instance_key]',
        'main.tf:29,5-15: Invalid module provider configuration; Instance keys are not allowed on the left side of a provider configuration assignment.',
        'main.tf:30,18-21: Invalid module provider configuration; A reference to a provider configuration which uses for_each requires an instance key.',
        'main.tf:31,28-36: Invalid module provider configuration; An instance key can be specified only for a provider configuration that uses for_each.',
        'main.tf:32,18-21: Invalid module provider configuration; This module doesn\'t declare a provider "aws" block with alias = "none", which is required for use with for_each.',
      ],
      warnings: [
        'main.tf:29,5-8: Reference to undefined provider; There is no explicit declaration for local provider name "aws.w" in module.m',
        'main.tf:31,5-8: Reference to undefined provider; There is no explicit declaration for local provider name "aws.y" in module.m',
        'main.tf:32,5-8: Reference to undefined provider; There is no explicit declaration for local provider name "aws.z" in module.m',
        'main.tf:39,14-29: Provider configuration for_each matches module; This provider configuration uses the same for_each expression as a module, which means that subsequent removal of elements from this collection would cause a planning error.',
        'tofu apply -destroy -target=module.n',
        'main.tf:46,14-25: Provider configuration for_each matches resource; This provider configuration uses the same for_each expression as a resource',
        'tofu apply -destroy -target=aws_instance.i',
      ],
    },
  },
}

for (const [title, c] of Object.entries(MADE)) {
  for (const engine of ENGINES) {
    const want = c[engine]
    if (!want) continue
    V(`${title} (${engine})`, async () => {
      const got = await diagnose(writeCase(c.files), engine)
      assertMatches('errors', got.errors, want.errors)
      assertMatches('warnings', got.warnings, want.warnings)
    })
  }
}

V('Redundant empty provider block: exact detail, lexically smallest subject, non-aliased block gives the source', async () => {
  const dir = writeCase({
    'main.tf': 'module "child" {\n  source = "./child"\n}\n',
    'child/main.tf':
      'terraform {\n  required_providers {\n    acme = {\n      source = "example.com/acme/acme"\n    }\n  }\n}\n\nprovider "acme" {\n  alias = "zeta"\n}\n\nprovider "acme" {\n}\n\nprovider "acme" {\n  alias = "alpha"\n}\n',
  })
  for (const engine of ENGINES) {
    const product = engine === 'opentofu' ? 'OpenTofu' : 'Terraform'
    const got = await diagnose(dir, engine)
    assert.equal(got.errors, [])
    assert.equal(got.warnings, [
      `child/main.tf:13,1-16: Redundant empty provider block; Earlier versions of ${product} used empty provider blocks ("proxy provider configurations") for child modules to declare their need to be passed a provider configuration by their callers. That approach was ambiguous and is now deprecated.\n\nIf you control this module, you can migrate to the new declaration syntax by removing all of the empty provider "acme" blocks and then adding or updating an entry like the following to the required_providers block of module.child:\n    acme = {\n      source = "example.com/acme/acme"\n      configuration_aliases = [\n        acme,\n        acme.alpha,\n        acme.zeta,\n      ]\n    }`,
    ])
  }
})

V('children are validated before their callers, calls in lexical order', async () => {
  const dir = writeCase({
    'main.tf': 'module "b" {\n  source = "./m"\n  providers = { x = x }\n}\nmodule "a" {\n  source = "./m"\n  providers = { x = x }\n}\n',
    'm/main.tf': 'module "inner" {\n  source = "./inner"\n  providers = { y = y }\n}\n',
    'm/inner/main.tf': '',
  })
  const tree = await crawl(dir, {engine: 'terraform', env: {}})
  const order = validateProviderConfigs(tree).map(
    (d) =>
      `${d.range ? d.range.filename + ':' + d.range.start.line : ''} ${/in (module\.[a-z.]+|the root module)/.exec(d.detail)?.[1] ?? ''}`,
  )
  assert.equal(order, [
    'm/main.tf:3 module.a.module.inner',
    'm/main.tf:3 module.a',
    'main.tf:7 module.a',
    'm/main.tf:3 module.b.module.inner',
    'm/main.tf:3 module.b',
    'main.tf:3 module.b',
    'main.tf:7 the root module',
    'main.tf:3 the root module',
  ])
})

V('subRange / advancePos: lines, code-point columns and UTF-8 bytes', () => {
  const start = {line: 3, column: 15, byte: 100}
  const text = '{\n    "é" = aws.𝔁\n  }'
  const range = {filename: 'main.tf', start, end: advancePos(start, text)}
  assert.equal(range.end, {line: 5, column: 4, byte: 100 + Buffer.byteLength(text)})
  const from = text.indexOf('aws')
  assert.equal(subRange(range, text, from, from + 'aws.𝔁'.length), {
    filename: 'main.tf',
    start: {line: 4, column: 11, byte: 100 + Buffer.byteLength('{\n    "é" = ')},
    end: {line: 4, column: 16, byte: 100 + Buffer.byteLength('{\n    "é" = aws.𝔁')},
  })
})

V.after(() => {
  for (const d of temps) rmSync(d, {recursive: true, force: true})
})

V.run()
