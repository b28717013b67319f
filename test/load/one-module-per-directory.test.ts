// A module is a function of its directory's files: one directory reached by two roots, twice each (once
// through a providers map), is decoded once in a run; and in a long-lived run (an editor's session) an
// edit to one module decodes that module again and resolves again only the module instances it feeds.
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {OverlaySource} from '../../src/io/overlay-source.js'
import {RunContext} from '../../src/load/run-context.js'
import {analyzeProviders} from '../../src/providers/analyze.js'
import {fixturesDir, hasShared, repoRoot, sharedDir} from '../helpers/paths.js'

const T = suite('load: one module per directory')
const twoRoots = path.join(fixturesDir, 'crawl/one-module-two-roots')

/** The bindings and the diagnostics of an analysis, as comparable lines. */
function bindings(a: Awaited<ReturnType<typeof analyzeProviders>>): string[] {
  const out = a.resolution.resources.map((r) => `${r.address.key} -> ${r.providerConfig?.key ?? '(none)'}`)
  for (const d of a.diagnostics) out.push(`${d.severity}: ${d.summary} at ${d.range?.filename ?? ''}:${d.range?.start.line ?? 0}`)
  return out.sort()
}

T('two roots calling one module twice each: lint --recursive --verbose --no-cache decodes 3 directories', () => {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'lint', '--recursive', '--verbose', '--no-cache', '.'], {
    cwd: twoRoots,
    encoding: 'utf8',
    env: {...process.env, NO_COLOR: '1'},
  })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stderr, /; 3 module directories decoded\n/)
  assert.match(r.stdout, /2 root modules: 0 errors, 14 warnings/)
})

T('the shared module keeps each instance its own bindings under both roots', async () => {
  const ctx = new RunContext({cache: false})
  try {
    for (const root of ['a', 'env/b']) {
      const a = await analyzeProviders(path.join(twoRoots, root), {context: ctx})
      assert.equal(bindings(a), [
        'module.one.aws_s3_bucket.b -> provider["registry.terraform.io/hashicorp/aws"]',
        'module.one.aws_s3_bucket.c -> provider["registry.terraform.io/hashicorp/aws"].east',
        'module.two.aws_s3_bucket.b -> provider["registry.terraform.io/hashicorp/aws"]',
        'module.two.aws_s3_bucket.c -> provider["registry.terraform.io/hashicorp/aws"]',
        'warning: Reference to undefined provider at main.tf:5',
        'warning: Reference to undefined provider at main.tf:9',
      ])
    }
    assert.is(ctx.stats.decoded, 3)
    // every module instance bound once per root: the second root's instances of m see other configurations
    assert.is(ctx.stats.resolved, 6)
  } finally {
    await ctx.close()
  }
})

if (hasShared('load: an edit in a fabric stage decodes one module again', 'corpus/GoogleCloudPlatform__cloud-foundation-fabric')) {
  const fabric = path.join(sharedDir, 'corpus/GoogleCloudPlatform__cloud-foundation-fabric')
  const root = path.join(fabric, 'fast/stages/0-org-setup')
  // modules/net-vpc-factory is module.vpcs, which calls net-vpc (module.vpcs.module.vpcs) and net-vpc-firewall
  const factory = path.join(fabric, 'modules/net-vpc-factory/main.tf')
  const original = readFileSync(factory, 'utf8')

  async function fresh(files: OverlaySource): Promise<string[]> {
    const ctx = new RunContext({files, cache: false})
    try {
      return bindings(await analyzeProviders(root, {context: ctx}))
    } finally {
      await ctx.close()
    }
  }

  T('fabric 0-org-setup in an editor session: only the edited module is decoded and resolved again', async () => {
    const files = new OverlaySource()
    const ctx = new RunContext({files, cache: false})
    try {
      const first = await analyzeProviders(root, {context: ctx})
      const instances = ctx.stats.resolved
      assert.is(ctx.stats.decoded, 17)
      assert.is(instances, 34)
      const step = async (): Promise<{decoded: number; resolved: number; reused: number; bindings: string[]}> => {
        const before = {...ctx.stats}
        const a = await analyzeProviders(root, {context: ctx})
        return {
          decoded: ctx.stats.decoded - before.decoded,
          resolved: ctx.stats.resolved - before.resolved,
          reused: ctx.stats.reused - before.reused,
          bindings: bindings(a),
        }
      }
      // nothing changed: nothing decoded or bound again
      const same = await step()
      assert.equal([same.decoded, same.resolved, same.reused], [0, 0, instances])
      assert.equal(same.bindings, bindings(first))
      // an edit that adds a local: the module is decoded again, its one instance bound again, its callees kept
      files.set(factory, original + '\nlocals {\n  edited = true\n}\n')
      const local = await step()
      assert.equal([local.decoded, local.resolved, local.reused], [1, 1, instances - 1])
      assert.equal(local.bindings, await fresh(files))
      // an edit that adds an aliased provider configuration no providers map passes on: its callees cannot
      // reach it (aliases are never inherited), so only the module's one instance is bound again (#48)
      files.set(factory, original + '\nprovider "google" {\n  alias = "edited"\n}\n')
      const provider = await step()
      assert.equal([provider.decoded, provider.resolved, provider.reused], [1, 1, instances - 1])
      assert.equal(provider.bindings, await fresh(files))
      // a default configuration: what the module feeds (its two callees inherit it) is bound again
      files.set(factory, original + '\nprovider "google" {\n  region = "edited"\n}\n')
      const inherited = await step()
      assert.equal([inherited.decoded, inherited.resolved, inherited.reused], [1, 3, instances - 3])
      assert.equal(inherited.bindings, await fresh(files))
      files.set(factory, original)
      await step()
      // the root's own aliased provider block (an editor's provider-block edit of the stage): the root alone
      const main = path.join(root, 'main.tf')
      const rootText = readFileSync(main, 'utf8')
      for (const alias of ['edit1', 'edit2']) {
        files.set(main, rootText + `\nprovider "google" {\n  alias = "${alias}"\n}\n`)
        const rooted = await step()
        assert.equal([rooted.decoded, rooted.resolved, rooted.reused], [1, 1, instances - 1])
        assert.equal(rooted.bindings, await fresh(files))
      }
    } finally {
      await ctx.close()
    }
  })
}

T.run()
