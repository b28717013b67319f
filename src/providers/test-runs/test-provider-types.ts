// Provider types of a test file's blocks, as Terraform's configuration loader gives them before any run
// (config.go resolveProviderTypesForTests, then provider_validation.go validateProviderConfigsForTests, at
// v1.11.4 and v1.16.0-rc2 alike): each block takes the type of the first run that uses it — through that run's
// `providers` map, or by name for a run without one — and a run of the main configuration that then assigns a
// block to a configuration of another type is `Provider type mismatch`. The loader reports it before
// `terraform test` runs anything.
import {providerEquals, providerString, type Provider} from '../../addrs/provider.js'
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import type {ModuleNode, ModuleTree} from '../../crawl/crawl.js'
import {defaultProvider} from '../../load/decode.js'
import type {Engine} from '../../load/engine.js'
import type {TestFile, TestRun} from '../../load/test-files.js'

const SAME_NAME =
  'or other provider definitions with the same name, have been referenced by multiple run blocks and assigned to different provider types.'

/** The root module's provider types by local name (Terraform's resolveProviderTypes: requirements, then provider blocks' names). */
export function rootProviderTypes(root: ModuleNode, engine: Engine): Map<string, Provider> {
  const out = new Map<string, Provider>()
  const m = root.module
  if (!m) return out
  for (const [name, r] of m.names.requirements) out.set(name, r.provider)
  for (const b of m.providerConfigs.values()) {
    const name = b.localName
    if (!out.has(name)) out.set(name, defaultProvider(name, engine))
  }
  return out
}

/** The `Provider type mismatch` errors of one test file's runs of the main configuration. */
export function testProviderTypeMismatches(
  file: TestFile,
  main: ModuleTree,
  trees: ReadonlyMap<TestRun, ModuleTree>,
  engine: Engine,
): Diagnostic[] {
  const mainTypes = rootProviderTypes(main.root, engine)
  // the type each block name takes (every alias of a name shares it), and what each run's entries were given
  const matched = new Map<string, Provider>()
  const names = new Set([...file.providers.values()].map((p) => p.name))
  const entryTypes = new Map<TestRun, {parent: Provider; child: Provider}[]>()
  for (const run of file.runs) {
    const tree = trees.get(run)
    const types = run.module && tree ? rootProviderTypes(tree.root, engine) : mainTypes
    if (run.providers.length > 0) {
      const list: {parent: Provider; child: Provider}[] = []
      for (const p of run.providers) {
        const child = types.get(p.inChild.name) ?? defaultProvider(p.inChild.name, engine)
        const parent = matched.get(p.inParent.name) ?? child
        if (!matched.has(p.inParent.name) && names.has(p.inParent.name)) matched.set(p.inParent.name, child)
        list.push({parent, child})
      }
      entryTypes.set(run, list)
    } else {
      for (const [name, type] of types) if (!matched.has(name) && names.has(name)) matched.set(name, type)
    }
  }
  const typeOf = (name: string): Provider => matched.get(name) ?? defaultProvider(name, engine)
  const out: Diagnostic[] = []
  const q = (p: Provider): string => goQuote(providerString(p))
  for (const run of file.runs) {
    if (run.module) continue
    const entries = entryTypes.get(run)
    if (entries) {
      run.providers.forEach((p, i) => {
        const t = entries[i]!
        if (providerEquals(t.parent, t.child)) return
        out.push(
          errorDiag(
            'test.provider-type-mismatch',
            'Provider type mismatch',
            `The local name ${goQuote(p.inParent.name)} in ${file.path} represents provider ${q(t.parent)}, but ${goQuote(p.inChild.name)} in the root module represents ${q(t.child)}.\n\nThis means the provider definition for ${goQuote(p.inParent.name)} within ${file.path}, ${SAME_NAME}`,
            p.inParent.nameRange,
          ),
        )
      })
      continue
    }
    out.push(...defaultRunMismatches(file, main, typeOf))
  }
  return dedupe(out)
}

/** A run without a providers map: the file's blocks against the root's requirements and provider blocks. */
function defaultRunMismatches(file: TestFile, main: ModuleTree, typeOf: (name: string) => Provider): Diagnostic[] {
  const out: Diagnostic[] = []
  const m = main.root.module
  if (!m) return out
  const q = (p: Provider): string => goQuote(providerString(p))
  const check = (key: string, against: string, type: Provider, sameName: boolean): void => {
    const block = file.providers.get(key)
    if (!block) return
    const mine = typeOf(block.name)
    if (providerEquals(mine, type)) return
    out.push(
      errorDiag(
        'test.provider-type-mismatch',
        'Provider type mismatch',
        `The provider ${goQuote(key)} in ${file.path} represents provider ${q(mine)}, but ${goQuote(against)} in the root module represents ${q(type)}.\n\nThis means the provider definition for ${goQuote(key)} within ${file.path}${sameName ? `, ${SAME_NAME}` : ' has been referenced by multiple run blocks and assigned to different provider types.'}`,
        block.block.declRange,
      ),
    )
  }
  for (const [name, r] of m.names.requirements) {
    check(name, name, r.provider, true)
    for (const a of r.aliases) check(a.text, a.text, r.provider, true)
  }
  for (const p of m.providerConfigs.values()) if (p.valid) check(p.key, p.key, m.names.providerFor(p.localName), false)
  return out
}

/** The same error once (several runs without a providers map check the same blocks). */
function dedupe(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>()
  return list.filter((d) => {
    const k = `${d.summary}\u0000${d.detail}\u0000${d.range ? `${d.range.filename}:${d.range.start.byte}` : ''}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
