// The ModuleWalker seam: the crawler asks for each called module by source address, version and caller.
// A walker of the test's own serves the modules of fixtures/crawl/walker-sources from memory, by source
// address (a registry module, a local module inside it, a git module with a subdirectory, a local module):
// the bindings equal those of the same tree read from disk through the installed-modules manifest.
import {readdirSync, readFileSync, statSync} from 'node:fs'
import * as path from 'node:path'
import * as posix from 'node:path/posix'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, lint, loadConfig} from '../../src/api.js'
import type {ModuleRequest, ModuleWalker, WalkResult} from '../../src/crawl/walker.js'
import {fixturesDir} from '../helpers/paths.js'

const dir = path.join(fixturesDir, 'crawl', 'walker-sources')

/** The configuration files of one directory (not its subdirectories), by name. */
function filesOf(d: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of readdirSync(d))
    if (/\.tf(\.json)?$/.test(name) && statSync(path.join(d, name)).isFile()) out[name] = readFileSync(path.join(d, name), 'utf8')
  return out
}

/** Modules held in memory by source address, as a registry or git server would hand them out. */
const BY_SOURCE: Record<string, Record<string, string>> = {
  'terraform-aws-modules/vpc/aws': filesOf(path.join(dir, '.terraform/modules/vpc')),
  'terraform-aws-modules/vpc/aws/modules/flow-logs': filesOf(path.join(dir, '.terraform/modules/vpc/modules/flow-logs')),
  'git::https://example.com/org/dns.git//modules/zone?ref=v1.4.0': filesOf(path.join(dir, '.terraform/modules/dns/modules/zone')),
  local: filesOf(path.join(dir, 'local')),
}

/** A walker that never reads the disk: remote sources by address, local ones inside their caller's package. */
function memoryWalker(asked: ModuleRequest[]): ModuleWalker {
  return {
    async loadModule(r: ModuleRequest): Promise<WalkResult> {
      asked.push(r)
      const caller = r.parent.dir?.startsWith('mem:') ? r.parent.dir.slice(4) : ''
      const key = r.source.kind === 'local' ? posix.normalize(posix.join(caller, r.source.path)) : r.sourceText
      const files = BY_SOURCE[key]
      if (!files) return {kind: 'unresolved', reason: `${key} is not held in memory`, diagnostics: []}
      const loaded = await loadConfig({files}, {engine: r.engine})
      return {
        kind: 'module',
        module: loaded.module,
        dir: `mem:${key}`,
        displayDir: key,
        identity: key,
        diagnostics: loaded.diagnostics,
        incomplete: false,
      }
    },
  }
}

const bindings = (resources: readonly {address: string; provider_config: string | null}[]): Record<string, string | null> =>
  Object.fromEntries(resources.map((r) => [r.address, r.provider_config]))

test('a walker serving modules from memory by source address gives the bindings of the tree on disk', async () => {
  const onDisk = await analyze(dir, {env: {}})
  assert.equal(onDisk.diagnostics, [], 'the fixture is clean')
  const asked: ModuleRequest[] = []
  const inMemory = await analyze({files: filesOf(dir)}, {env: {}, walker: memoryWalker(asked)})
  assert.equal(bindings(inMemory.providers.resources), bindings(onDisk.providers.resources))
  assert.equal(Object.keys(bindings(onDisk.providers.resources)).length, 5)
  assert.equal(inMemory.diagnostics, [])
  // what the crawler asked: every call once, with its evaluated source, version and caller
  assert.equal(
    asked
      .map(
        (r) => `${r.path.join('.')} ${r.source.kind} ${r.sourceText}${r.version ? ` @${r.version}` : ''} from [${r.parent.path.join('.')}]`,
      )
      .sort(),
    [
      'dns remote git::https://example.com/org/dns.git//modules/zone?ref=v1.4.0 from []',
      'local local ./local from []',
      'vpc registry terraform-aws-modules/vpc/aws @5.1.0 from []',
      'vpc.flow_logs local ./modules/flow-logs from [vpc]',
    ],
  )
  // the tree shows where each module came from as the walker named it
  assert.equal(
    inMemory.providers.modules.map((m) => `${m.path} ${m.dir}`),
    [
      ' .',
      'module.dns git::https://example.com/org/dns.git//modules/zone?ref=v1.4.0',
      'module.local local',
      'module.vpc terraform-aws-modules/vpc/aws',
      'module.vpc.module.flow_logs terraform-aws-modules/vpc/aws/modules/flow-logs',
    ],
  )
})

test('a module the walker cannot find stays in the tree, unresolved with its reason; lint takes the walker too', async () => {
  const empty: ModuleWalker = {loadModule: async (r) => ({kind: 'unresolved', reason: `nothing serves ${r.sourceText}`, diagnostics: []})}
  const a = await analyze({files: filesOf(dir)}, {env: {}, walker: empty})
  const vpc = a.providers.modules.find((m) => m.path === 'module.vpc')
  assert.is(vpc?.resolved, false)
  assert.is(vpc?.unresolved_reason, 'nothing serves terraform-aws-modules/vpc/aws')
  assert.is(a.providers.resources.length, 0)
  const l = await lint({files: filesOf(dir)}, {env: {}, walker: empty})
  assert.equal(
    l.diagnostics
      .filter((d) => d.rule === 'unresolved-module')
      .map((d) => d.address)
      .sort(),
    ['module.dns', 'module.local', 'module.vpc'],
  )
})

test.run()
