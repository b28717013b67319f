// required-version: a module the configuration's authors wrote (the root module and every module it calls
// by a local path) with no `required_version` in any terraform block. Without it any release of the engine
// runs the configuration, and one too old for its syntax fails with errors about the syntax instead of
// one clear message; a shared module tells its callers nothing about the releases it supports.
import * as path from 'node:path'
import type {SourceRange} from '../diag/diagnostic.js'
import type {Block} from '../hcl/syntax.js'
import type {Module} from '../load/model.js'
import {engineByName} from '../load/engine.js'
import {moduleRule, shownFile, shownRange} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {moduleText, sortRanges, where} from './support.js'

/**
 * A block's place as the user wrote it: its header. In JSON a block's DeclRange is the brace of its
 * innermost object (`"backend": {"local": {` → the last `{`), a token that says nothing; the key that
 * names the block, to the end of its labels' keys, is the header there.
 */
function blockPlace(b: Block): SourceRange {
  if (!b.typeRange.filename.endsWith('.json')) return b.declRange
  const last = b.labels.at(-1)?.range ?? b.typeRange
  return {filename: b.typeRange.filename, start: b.typeRange.start, end: last.end}
}

/** The first thing written inside one of the module's terraform blocks, if the model has one. */
function firstTerraformContent(m: Module): SourceRange | undefined {
  const ranges: {range: SourceRange}[] = [
    ...(m.requiredProvidersBlock ? [{range: blockPlace(m.requiredProvidersBlock)}] : []),
    ...[m.backend, m.cloud, m.stateStore, ...m.providerMetas.values(), ...m.terraformBlocks].flatMap((b) =>
      b ? [{range: blockPlace(b)}] : [],
    ),
    ...[...m.terraformAttributes.values()].map((a) => ({range: a.nameRange})),
    ...[...m.requiredProviderAttributes.values()].map((a) => ({range: a.nameRange})),
  ]
  return sortRanges(ranges)[0]?.range
}

/**
 * Where to say it when the module has no terraform block: the start of its only file, else of terraform.tf
 * or main.tf (tflint's choice, after the style guide's file names), else of its first file — a place that
 * exists, so that code scanning can show it — with terraform.tf named as the file to create (`create`).
 */
function fileStart(m: Module): {range: SourceRange; create: boolean} {
  const names = m.files.filter((f) => f.shadowedBy === undefined && f.kind === 'primary').map((f) => f.name)
  const start = {line: 1, column: 1, byte: 0}
  const at = (name: string): SourceRange => ({filename: path.join(m.dir, name), start, end: start})
  if (names.length === 1) return {range: at(names[0]!), create: false}
  const styled = ['terraform.tf', 'main.tf'].find((n) => names.includes(n))
  if (styled) return {range: at(styled), create: false}
  return {range: at([...names].sort()[0] ?? 'terraform.tf'), create: true}
}

export const requiredVersion = moduleRule({
  id: 'required-version',
  severity: 'warning',
  enabledByDefault: true,
  description: 'A module without a required_version constraint on the Terraform (or OpenTofu) release that runs it.',
  docs: 'docs/rules/required-version.md',
  checkModule({module: m, engine: name, broken}): ModuleFinding[] {
    // a file that did not parse may hold the required_version
    if (m.requiredVersion.length > 0 || m.files.length === 0 || broken) return []
    const engine = engineByName(name)
    const inBlock = firstTerraformContent(m)
    // a file's start is named as the root shows the file (the model's absolute name is for the range itself)
    const {range, create, shown} = inBlock ? {range: inBlock, create: false, shown: false} : {...fileStart(m), shown: true}
    return [
      {
        summary: 'No required_version',
        detail: (call) => {
          const root = call.address.isRoot
          const whereTo = create
            ? ` (in a new file ${shownFile(call, 'terraform.tf')}, as the style guide names it: none of the module's files has a terraform block)`
            : ''
          return `${moduleText(call.address)} does not say which ${engine.product} releases it works with (no required_version in a terraform block; ${where(shown ? shownRange(call, range) : range)}). ${root ? `Without it any release runs the configuration: one too old for the syntax it uses fails with errors about that syntax, and one newer than the state was written with can upgrade the state for good.` : `Callers on an older release then get errors about syntax the module uses instead of one clear message naming the release it needs.`} To fix it, add required_version = "${root ? '~> 1.X' : '>= 1.X'}" (the ${root ? 'release line you run' : 'oldest release the module works with'}) to a terraform block${whereTo}.`
        },
        range,
        key: 'required-version',
      },
    ]
  },
})
