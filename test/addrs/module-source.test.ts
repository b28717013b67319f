// Module source address parsing (REFERENCE.md §f): the derived upstream table under both engines,
// Terraform's registry-address and go-getter detector tables, and joinLocalSource.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {
  defaultModuleRegistryHost,
  joinLocalSource,
  parseModuleSource,
  parseModuleSourceAddress,
  type EngineName,
  type ModuleSource,
} from '../../src/addrs/module-source.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const ENGINES: EngineName[] = ['terraform', 'opentofu']
const product = (engine: EngineName) => (engine === 'opentofu' ? 'OpenTofu' : 'Terraform')

function ok(source: string, engine: EngineName = 'terraform', hasVersion = false): ModuleSource {
  const r = parseModuleSource(source, {engine, hasVersion})
  if ('error' in r) throw new Error(`${source}: unexpected error ${r.error.summary}: ${r.error.detail}`)
  return r.source
}

function failure(source: string, engine: EngineName = 'terraform', hasVersion = false) {
  const raw = parseModuleSourceAddress(source, {engine, hasVersion})
  const diag = parseModuleSource(source, {engine, hasVersion})
  if ('source' in raw || 'source' in diag) throw new Error(`${source}: unexpected success`)
  return {message: raw.parseError.message, kind: raw.parseError.kind, ...diag.error}
}

// ---------------------------------------------------------------------------------------------
// conformance/derived/module-sources.json

interface TableCase {
  input: string
  kind?: 'local' | 'registry' | 'remote'
  normalized?: string
  host?: string
  namespace?: string
  name?: string
  system?: string
  subdir?: string
  package?: string
  error?: string
  config_diagnostic?: string
}

const tablePath = path.join(sharedDir, 'conformance/derived/module-sources.json')
const T = suite('module sources: derived upstream table')

if (hasShared('addrs/module-source: the derived upstream table', 'conformance/derived')) {
  const table = JSON.parse(readFileSync(tablePath, 'utf8')) as {cases: TableCase[]}
  for (const engine of ENGINES) {
    const host = defaultModuleRegistryHost(engine)
    const sub = (s: string) => s.replaceAll('registry.terraform.io', host).replace(/^Terraform /, `${product(engine)} `)
    for (const c of table.cases) {
      T(`${engine}: ${c.input}`, () => {
        if (c.error !== undefined) {
          const f = failure(c.input, engine)
          assert.is(f.message, sub(c.error))
          assert.is(f.summary, c.config_diagnostic ?? 'Invalid module source address')
          if (f.kind === 'maybe-relative') {
            assert.is(
              f.detail,
              `${product(engine)} failed to determine your intended installation method for remote module package "${c.input}".\n\n` +
                `If you intended this as a path relative to the current module, use "./${c.input}" instead. The "./" prefix indicates that the address is a relative filesystem path.`,
            )
          } else {
            assert.is(f.detail, `Failed to parse module source address: ${sub(c.error)}.`)
          }
          return
        }
        const got = ok(c.input, engine)
        assert.is(got.kind, c.kind)
        if (got.kind === 'local') {
          assert.is(got.path, c.normalized)
          assert.is(got.normalized, c.normalized)
        } else if (got.kind === 'registry') {
          assert.is(got.host, sub(c.host ?? ''))
          assert.is(got.namespace, c.namespace)
          assert.is(got.name, c.name)
          assert.is(got.system, c.system)
          assert.is(got.subdir, c.subdir)
          const pkg = `${sub(c.host ?? '')}/${c.namespace ?? ''}/${c.name ?? ''}/${c.system ?? ''}`
          assert.is(got.package, pkg)
          assert.is(got.normalized, c.normalized !== undefined ? sub(c.normalized) : c.subdir ? `${pkg}//${c.subdir}` : pkg)
        } else {
          assert.is(got.package, c.package)
          assert.is(got.subdir, c.subdir)
          if (c.normalized !== undefined) assert.is(got.normalized, c.normalized)
          else assert.is(got.normalized, c.subdir ? `${c.package ?? ''}//${c.subdir}` : c.package)
        }
      })
    }
  }
} else {
  T.skip('derived table not available', () => {})
}
T.run()

// ---------------------------------------------------------------------------------------------
// ParseModuleSourceRegistry (hasVersion = true), from Terraform's TestParseModuleSourceRegistry

const R = suite('module sources: registry addresses (version set)')

const REGISTRY_OK: [string, string][] = [
  ['hashicorp/consul/aws', 'registry.terraform.io/hashicorp/consul/aws'],
  ['hashicorp/consul/aws//foo', 'registry.terraform.io/hashicorp/consul/aws//foo'],
  ['registry.terraform.io/hashicorp/consul/aws', 'registry.terraform.io/hashicorp/consul/aws'],
  ['HashiCorp/Consul/aws', 'registry.terraform.io/HashiCorp/Consul/aws'],
  ['Example.com:1234/HashiCorp/Consul/aws', 'example.com:1234/HashiCorp/Consul/aws'],
  ['example.com:443/HashiCorp/Consul/aws', 'example.com/HashiCorp/Consul/aws'],
  ['Испытание.com/HashiCorp/Consul/aws', 'испытание.com/HashiCorp/Consul/aws'],
  ['Испытание.com:1234/HashiCorp/Consul/aws//Foo', 'испытание.com:1234/HashiCorp/Consul/aws//Foo'],
]

const REGISTRY_ERR: [string, string][] = [
  [
    '---.com/HashiCorp/Consul/aws',
    `invalid module registry hostname "---.com"; internationalized domain names must be given as direct unicode characters, not in punycode`,
  ],
  ['foo/var/baz/qux', 'invalid module registry hostname: must contain at least one dot'],
  ['foo/var/no-no-no', `invalid target system "no-no-no": must be between one and 64 ASCII letters or digits`],
  ['foo/var/' + 'a'.repeat(119) + 'h', `invalid target system "${'a'.repeat(119)}h": must be between one and 64 ASCII letters or digits`],
  [
    'boop!/var/baz',
    `invalid namespace "boop!": must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix`,
  ],
  ['foo.com/var/baz', 'source address must have three more components after the hostname: the namespace, the name, and the target system'],
  ['foo/var/baz?otherthing', 'module registry addresses may not include a query string portion'],
  [
    'github.com/HashiCorp/Consul/aws',
    `can't use "github.com" as a module registry host, because it's reserved for installing directly from version control repositories`,
  ],
  [
    'bitbucket.org/HashiCorp/Consul/aws',
    `can't use "bitbucket.org" as a module registry host, because it's reserved for installing directly from version control repositories`,
  ],
  ['./boop', `can't use local directory "./boop" as a module registry address`],
  ['../boop', `can't use local directory "../boop" as a module registry address`],
  [
    'xn--80akhbyknj4f.com/a/b/c',
    `invalid module registry hostname "xn--80akhbyknj4f.com"; internationalized domain names must be given as direct unicode characters, not in punycode`,
  ],
  ['my_host.com/a/b/c', `invalid module registry hostname "my_host.com"`],
  ['example.com:http/a/b/c', `invalid module registry hostname "example.com:http"`],
  ['a/b', 'a module registry source address must have either three or four slash-separated components'],
  ['hashicorp/subnets/cidr//../nope', `subdirectory path "../nope" leads outside of the module package`],
  ['git::https://example.com/code/baz.git', 'a module registry source address must have either three or four slash-separated components'],
]

for (const engine of ENGINES) {
  const host = defaultModuleRegistryHost(engine)
  for (const [input, want] of REGISTRY_OK) {
    R(`${engine}: ${input}`, () => {
      const got = ok(input, engine, true)
      assert.is(got.kind, 'registry')
      assert.is(
        got.normalized,
        want.replace('registry.terraform.io', input.startsWith('registry.terraform.io') ? 'registry.terraform.io' : host),
      )
      // Without "version" the same addresses are still registry addresses.
      assert.equal(ok(input, engine, false), got)
    })
  }
  for (const [input, want] of REGISTRY_ERR) {
    R(`${engine}: ${input} (error)`, () => {
      const f = failure(input, engine, true)
      assert.is(f.message, want)
      assert.is(f.summary, 'Invalid registry module source address')
      assert.is(
        f.detail,
        `Failed to parse module registry address: ${want}.\n\n${product(engine)} assumed that you intended a module registry source address because you also set the argument "version", which applies only to registry modules.`,
      )
    })
  }
}

R('registry fields keep case, host in display form', () => {
  const got = ok('Испытание.com:1234/HashiCorp/Consul/aws//Foo')
  assert.equal(got, {
    kind: 'registry',
    host: 'испытание.com:1234',
    namespace: 'HashiCorp',
    name: 'Consul',
    system: 'aws',
    subdir: 'Foo',
    package: 'испытание.com:1234/HashiCorp/Consul/aws',
    normalized: 'испытание.com:1234/HashiCorp/Consul/aws//Foo',
  })
})

R('without version, a failed registry parse falls through to remote', () => {
  // four parts with a single-label host: not a registry address, and go-getter sees a relative path
  assert.is(failure('foo/var/baz/qux').kind, 'maybe-relative')
  const gh = ok('github.com/HashiCorp/Consul/aws')
  assert.equal(gh, {
    kind: 'remote',
    package: 'git::https://github.com/HashiCorp/Consul.git',
    subdir: 'aws',
    normalized: 'git::https://github.com/HashiCorp/Consul.git//aws',
  })
})
R.run()

// ---------------------------------------------------------------------------------------------
// go-getter detectors, from Terraform's detect_*_test.go (the detector output is the normalized string)

const D = suite('module sources: remote shorthands')

const DETECT: [string, string][] = [
  ['git@github.com:hashicorp/foo.git', 'git::ssh://git@github.com/hashicorp/foo.git'],
  ['git@github.com:org/project.git?ref=test-branch', 'git::ssh://git@github.com/org/project.git?ref=test-branch'],
  ['git@github.com:hashicorp/foo.git//bar', 'git::ssh://git@github.com/hashicorp/foo.git//bar'],
  ['git@github.com:hashicorp/foo.git?foo=bar', 'git::ssh://git@github.com/hashicorp/foo.git?foo=bar'],
  ['git@github.xyz.com:org/project.git', 'git::ssh://git@github.xyz.com/org/project.git'],
  ['git@github.xyz.com:org/project.git?ref=test-branch', 'git::ssh://git@github.xyz.com/org/project.git?ref=test-branch'],
  ['git@github.xyz.com:org/project.git//module/a', 'git::ssh://git@github.xyz.com/org/project.git//module/a'],
  [
    'git@github.xyz.com:org/project.git//module/a?ref=test-branch',
    'git::ssh://git@github.xyz.com/org/project.git//module/a?ref=test-branch',
  ],
  ['git::ssh://git@git.example.com:2222/hashicorp/foo.git', 'git::ssh://git@git.example.com:2222/hashicorp/foo.git'],
  ['github.com/hashicorp/foo', 'git::https://github.com/hashicorp/foo.git'],
  ['github.com/hashicorp/foo.git', 'git::https://github.com/hashicorp/foo.git'],
  ['github.com/hashicorp/foo/bar', 'git::https://github.com/hashicorp/foo.git//bar'],
  ['github.com/hashicorp/foo?foo=bar', 'git::https://github.com/hashicorp/foo.git?foo=bar'],
  ['github.com/hashicorp/foo.git?foo=bar', 'git::https://github.com/hashicorp/foo.git?foo=bar'],
  ['github.com/hashicorp/foo.git?foo=bar/baz', 'git::https://github.com/hashicorp/foo.git?foo=bar/baz'],
  ['bitbucket.org/hashicorp/tf-test-git', 'git::https://bitbucket.org/hashicorp/tf-test-git.git'],
  ['bitbucket.org/hashicorp/tf-test-git.git', 'git::https://bitbucket.org/hashicorp/tf-test-git.git'],
  ['www.googleapis.com/storage/v1/bucket/foo', 'gcs::https://www.googleapis.com/storage/v1/bucket/foo'],
  ['www.googleapis.com/storage/v1/bucket/foo/bar', 'gcs::https://www.googleapis.com/storage/v1/bucket/foo/bar'],
  ['www.googleapis.com/storage/v1/foo/bar.baz', 'gcs::https://www.googleapis.com/storage/v1/foo/bar.baz'],
  ['bucket.s3.amazonaws.com/foo', 's3::https://s3.amazonaws.com/bucket/foo'],
  ['bucket.s3.amazonaws.com/foo/bar.baz', 's3::https://s3.amazonaws.com/bucket/foo/bar.baz'],
  ['bucket.s3-eu-west-1.amazonaws.com/foo', 's3::https://s3-eu-west-1.amazonaws.com/bucket/foo'],
  ['bucket.s3-eu-west-1.amazonaws.com/foo/bar.baz', 's3::https://s3-eu-west-1.amazonaws.com/bucket/foo/bar.baz'],
  ['bucket.s3.eu-west-1.amazonaws.com/foo/bar.baz', 's3::https://s3.eu-west-1.amazonaws.com/bucket/foo/bar.baz'],
  ['s3.amazonaws.com/bucket/foo', 's3::https://s3.amazonaws.com/bucket/foo'],
  ['s3.amazonaws.com/bucket/foo/bar.baz', 's3::https://s3.amazonaws.com/bucket/foo/bar.baz'],
  ['s3-eu-west-1.amazonaws.com/bucket/foo', 's3::https://s3-eu-west-1.amazonaws.com/bucket/foo'],
  ['s3-eu-west-1.amazonaws.com/bucket/foo/bar.baz?version=1234', 's3::https://s3-eu-west-1.amazonaws.com/bucket/foo/bar.baz?version=1234'],
  // forced getters keep their prefix; already-URL inputs are kept as written
  ['hg::http://example.com/repo', 'hg::http://example.com/repo'],
  ['git::https://example.com/a.git?ref=v1.2.0', 'git::https://example.com/a.git?ref=v1.2.0'],
  ['git::https://example.com/a.git//modules/x?ref=v1.2.0', 'git::https://example.com/a.git//modules/x?ref=v1.2.0'],
  ['file::/tmp/x', 'file::file:///tmp/x'],
  ['oci://example.com/repo/name?tag=1', 'oci://example.com/repo/name?tag=1'],
  ['git::git@example.com:a/b.git?ref=x&a=b%20c', 'git::ssh://git@example.com/a/b.git?a=b+c&ref=x'],
  ['https://example.com/x//./sub/../y', 'https://example.com/x//y'],
]

for (const engine of ENGINES) {
  for (const [input, want] of DETECT) {
    D(`${engine}: ${input}`, () => {
      const got = ok(input, engine)
      assert.is(got.kind, 'remote')
      assert.is(got.normalized, want)
    })
  }
}

D('query string stays on the package, subdir split off', () => {
  assert.equal(ok('git@github.com:org/project.git//module/a?ref=test-branch'), {
    kind: 'remote',
    package: 'git::ssh://git@github.com/org/project.git?ref=test-branch',
    subdir: 'module/a',
    normalized: 'git::ssh://git@github.com/org/project.git//module/a?ref=test-branch',
  })
})

D('detector errors', () => {
  const gcs = failure('foo.googleapis.com/x')
  assert.is(gcs.kind, 'other')
  assert.is(gcs.detail, 'Failed to parse module source address: URL is not a valid GCS URL.')
  assert.is(failure('a.b.c.d.e.f.amazonaws.com/x').message, 'URL is not a valid S3 URL')
  assert.is(failure('git@example.com:a/b.git?x;y').message, 'error parsing Git SSH URL: invalid semicolon separator in query')
  assert.is(failure('git::https://example.com/x//../../y').message, 'subdirectory path "../../y" leads outside of the module package')
})

D('relative paths without ./ are reported with the engine name', () => {
  for (const engine of ENGINES) {
    const f = failure('modules/vpc', engine)
    assert.is(f.kind, 'maybe-relative')
    assert.is(f.message, `${product(engine)} cannot detect a supported external module source type for modules/vpc`)
    assert.ok(
      f.detail.startsWith(
        `${product(engine)} failed to determine your intended installation method for remote module package "modules/vpc".`,
      ),
    )
    // a forced getter reports just the part after "::"
    assert.is(
      failure('git::foo/bar', engine).message,
      `${product(engine)} cannot detect a supported external module source type for foo/bar`,
    )
  }
})

D('local sources', () => {
  assert.equal(ok('./'), {kind: 'local', path: './.', normalized: './.'})
  assert.equal(ok('..\\x\\\\y'), {kind: 'local', path: '../x/y', normalized: '../x/y'})
  assert.equal(ok('./a//b/'), {kind: 'local', path: './a/b', normalized: './a/b'})
  // "version" forces registry parsing, which refuses local paths
  const f = failure('./child', 'opentofu', true)
  assert.is(f.summary, 'Invalid registry module source address')
  assert.ok(
    f.detail.startsWith(
      `Failed to parse module registry address: can't use local directory "./child" as a module registry address.\n\nOpenTofu assumed`,
    ),
  )
})
D.run()

// ---------------------------------------------------------------------------------------------

const J = suite('module sources: joinLocalSource')

J('joins and cleans like path.Join', () => {
  assert.equal(joinLocalSource('child', './x'), {dir: 'child/x', escapes: false})
  assert.equal(joinLocalSource('.', './child'), {dir: 'child', escapes: false})
  assert.equal(joinLocalSource('', './child'), {dir: 'child', escapes: false})
  assert.equal(joinLocalSource('a/b', '../../c'), {dir: 'c', escapes: false})
  assert.equal(joinLocalSource('a/b', '../c'), {dir: 'a/c', escapes: false})
  assert.equal(joinLocalSource('modules/x', './.'), {dir: 'modules/x', escapes: false})
  assert.equal(joinLocalSource('a', '..'), {dir: '.', escapes: false})
})

J('leaving the package root escapes', () => {
  assert.equal(joinLocalSource('.', '../x'), {dir: '../x', escapes: true})
  assert.equal(joinLocalSource('a', '../../x'), {dir: '../x', escapes: true})
  assert.equal(joinLocalSource('a/b', '../../..'), {dir: '..', escapes: true})
  assert.equal(joinLocalSource('child', '..\\..\\sibling'), {dir: '../sibling', escapes: true})
})
J.run()
