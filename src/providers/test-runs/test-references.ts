// What `terraform test` says about the names a test file uses, checked against the module each run executes
// (Terraform 1.11.4's texts, unchanged to 1.16):
//   - an override block whose target the configuration lacks: "Invalid override target" (warning; the file's
//     own blocks and those inside its mock_provider blocks against the module under test and the modules its
//     runs execute, configs/test_file.go TestFile.Validate; a run's blocks against that run's module, TestRun.Validate);
//   - a run's `variables` entry the module does not declare: "Value for undeclared variable" (warning, at the
//     value; backend/local/test.go, moduletest/graph/variables.go);
//   - an `expect_failures` entry: a kind that cannot fail, "Invalid `expect_failures` reference" (TestRun.Validate),
//     or an object the module does not declare, which can never report the failure, "Missing expected failure"
//     (moduletest/run.go ValidateExpectedFailures);
//   - an assertion's references the module does not declare: resources and module calls first, checked before
//     anything is evaluated (terraform/evaluate_valid.go: "Reference to undeclared resource" / "… module"), and
//     only when those are right, input variables, local values and outputs ("Reference to undeclared input
//     variable" / "… local value" / "… output value", evaluate.go).
// Terraform only: OpenTofu's test runner words these differently or does not check them.
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag, warningDiag} from '../../diag/diagnostic.js'
import {nameSuggestion} from '../../diag/name-suggestion.js'
import {subRange} from '../../diag/positions.js'
import type {ModuleNode, ModuleTree} from '../../crawl/crawl.js'
import {partText, traversalOf} from '../../hcl/expr.js'
import {attributeReferences, type Reference} from '../../hcl/references.js'
import type {Attribute, Block} from '../../hcl/syntax.js'
import type {Module} from '../../load/model.js'
import {parseAddress} from '../../load/refactoring-blocks.js'
import type {TestFile, TestRun} from '../../load/test-files.js'

export interface TestReferenceProblems {
  /** About the file's own blocks. */
  readonly file: readonly Diagnostic[]
  /** About each run's blocks. */
  readonly runs: ReadonlyMap<TestRun, readonly Diagnostic[]>
}

const OVERRIDES = new Set(['override_resource', 'override_data', 'override_module'])

function nodeAt(tree: ModuleTree, path: readonly string[]): ModuleNode | undefined {
  let n: ModuleNode | undefined = tree.root
  for (const name of path) n = n?.children.find((c) => c.path[c.path.length - 1] === name)
  return n
}

/** Config.TargetExists: the module path is in the tree and the resource in its module (an unread module: assumed). */
function targetExists(tree: ModuleTree, target: Attribute): boolean {
  const addr = parseAddress(target, true, [])
  if (!addr) return true
  if (addr.kind === 'module') return nodeAt(tree, addr.modules) !== undefined
  const n = nodeAt(tree, addr.modules)
  if (!n) return false
  const m = n.module
  if (!m) return true
  const local = addr.local!
  if (local.startsWith('data.')) return m.dataResources.has(local.slice(5))
  if (local.startsWith('ephemeral.')) return m.ephemeralResources.has(local.slice(10))
  return m.managedResources.has(local)
}

/** The "Invalid override target" warning for an override block whose target none of `trees` has. */
function overrideTargetProblem(b: Block, trees: readonly ModuleTree[]): Diagnostic | undefined {
  const target = b.body.attributes.find((a) => a.name === 'target')
  const t = target && traversalOf(target.node)
  if (!target || !t || trees.some((tree) => targetExists(tree, target))) return undefined
  return warningDiag(
    'test.invalid-override-target',
    'Invalid override target',
    `The override target ${partText(target, t).replace(/\s+/g, '')} does not exist within the configuration under test. This could indicate a typo in the target address or an unnecessary override.`,
    {filename: target.nameRange.filename, start: target.nameRange.start, end: target.exprRange.end},
  )
}

const rangeOf = (a: Attribute, r: Reference): SourceRange => subRange(a.exprRange, a.expr, r.start, r.end)

/** A reference in a test file's scope: `output.x`, `run.x` and `check.x` read as the resource kinds they look like. */
function testKind(r: Reference): 'output' | 'run' | 'check' | undefined {
  if (r.kind !== 'resource' || r.mode !== 'managed') return undefined
  return r.type === 'output' || r.type === 'run' || r.type === 'check' ? r.type : undefined
}

function resourceDeclared(m: Module, r: Reference & {kind: 'resource'}): boolean {
  const key = `${r.type}.${r.name}`
  return r.mode === 'data' ? m.dataResources.has(key) : r.mode === 'ephemeral' ? m.ephemeralResources.has(key) : m.managedResources.has(key)
}

const suggest = (name: string, names: Iterable<string>): string => {
  const s = nameSuggestion(name, [...names].sort())
  return s ? ` Did you mean ${JSON.stringify(s)}?` : ''
}

/** expect_failures: what cannot fail, and what the module does not declare. */
function expectFailures(run: TestRun, m: Module): Diagnostic[] {
  const a = run.block.body.attributes.find((x) => x.name === 'expect_failures')
  if (!a) return []
  const out: Diagnostic[] = []
  for (const r of attributeReferences(a)) {
    const kind = testKind(r)
    const declared =
      kind === 'output'
        ? m.outputs.has(r.kind === 'resource' ? r.name : '')
        : kind === 'check'
          ? m.checks.some((c) => c.labels[0]?.value === (r.kind === 'resource' ? r.name : ''))
          : r.kind === 'var'
            ? m.variables.has(r.name)
            : r.kind === 'resource' && kind === undefined
              ? resourceDeclared(m, r)
              : undefined
    if (declared === undefined)
      out.push(
        errorDiag(
          'test.invalid-expect-failures',
          'Invalid `expect_failures` reference',
          `You cannot expect failures from ${r.address}. You can only expect failures from checkable objects such as input variables, output values, check blocks, managed resources and data sources.`,
          rangeOf(a, r),
        ),
      )
    else if (!declared)
      out.push(
        errorDiag(
          'test.missing-expected-failure',
          'Missing expected failure',
          `The checkable object, ${r.address}, was expected to report an error but did not.`,
          rangeOf(a, r),
        ),
      )
  }
  return out
}

/** One assertion's undeclared references, in Terraform's two passes. */
function assertProblems(assert: Block, m: Module): Diagnostic[] {
  const attrs = ['condition', 'error_message'].flatMap((n) => assert.body.attributes.filter((a) => a.name === n))
  const refs = attrs.flatMap((a) => attributeReferences(a).map((r) => ({a, r})))
  const root = 'the root module'
  const stat: Diagnostic[] = []
  for (const {a, r} of refs) {
    if (r.kind === 'resource' && testKind(r) === undefined && !resourceDeclared(m, r)) {
      const mode = r.mode === 'data' ? 'A data' : r.mode === 'ephemeral' ? 'An ephemeral' : 'A managed'
      // the data. prefix forgotten: Terraform's hint
      const hint =
        r.mode === 'managed' && m.dataResources.has(`${r.type}.${r.name}`)
          ? `\n\nDid you mean the data resource data.${r.type}.${r.name}?`
          : ''
      stat.push(
        errorDiag(
          'test.undeclared-reference',
          'Reference to undeclared resource',
          `${mode} resource ${JSON.stringify(r.type)} ${JSON.stringify(r.name)} has not been declared in ${root}.${hint}`,
          rangeOf(a, r),
        ),
      )
    } else if (r.kind === 'module' && !m.moduleCalls.has(r.call))
      stat.push(
        errorDiag(
          'test.undeclared-reference',
          'Reference to undeclared module',
          `No module call named ${JSON.stringify(r.call)} is declared in ${root}.${suggest(r.call, m.moduleCalls.keys())}`,
          rangeOf(a, r),
        ),
      )
  }
  if (stat.length > 0) return stat
  const out: Diagnostic[] = []
  for (const {a, r} of refs) {
    if (r.kind === 'var' && !m.variables.has(r.name))
      out.push(
        errorDiag(
          'test.undeclared-reference',
          'Reference to undeclared input variable',
          `An input variable with the name ${JSON.stringify(r.name)} has not been declared.${suggest(r.name, m.variables.keys())}`,
          rangeOf(a, r),
        ),
      )
    else if (r.kind === 'local' && !m.locals.has(r.name))
      out.push(
        errorDiag(
          'test.undeclared-reference',
          'Reference to undeclared local value',
          `A local value with the name ${JSON.stringify(r.name)} has not been declared.${suggest(r.name, m.locals.keys())}`,
          rangeOf(a, r),
        ),
      )
    else if (r.kind === 'resource' && testKind(r) === 'output' && !m.outputs.has(r.name))
      out.push(
        errorDiag(
          'test.undeclared-reference',
          'Reference to undeclared output value',
          `An output value with the name ${JSON.stringify(r.name)} has not been declared.${suggest(r.name, m.outputs.keys())}`,
          rangeOf(a, r),
        ),
      )
  }
  return out
}

/** A run's own checks against the module it executes. */
function runProblems(run: TestRun, tree: ModuleTree): Diagnostic[] {
  const m = tree.root.module
  if (!m) return []
  const out: Diagnostic[] = []
  for (const b of run.block.body.blocks) {
    if (OVERRIDES.has(b.type)) {
      const d = overrideTargetProblem(b, [tree])
      if (d) out.push(d)
    } else if (b.type === 'variables')
      for (const a of b.body.attributes)
        if (!m.variables.has(a.name))
          out.push(
            warningDiag(
              'test.undeclared-variable',
              'Value for undeclared variable',
              `The module under test does not declare a variable named ${JSON.stringify(a.name)}, but it is declared in run block ${JSON.stringify(run.name)}.`,
              a.exprRange,
            ),
          )
  }
  out.push(...expectFailures(run, m))
  for (const b of run.block.body.blocks) if (b.type === 'assert') out.push(...assertProblems(b, m))
  return out
}

/** The reference checks of one test file: `main` is the module under test, `trees` the module each run executes. */
export function testReferenceProblems(
  file: TestFile,
  main: ModuleTree,
  trees: ReadonlyMap<TestRun, ModuleTree>,
  engine: string,
): TestReferenceProblems {
  const runs = new Map<TestRun, Diagnostic[]>()
  if (engine !== 'terraform' || !main.root.module) return {file: [], runs}
  // the file's overrides may target the module under test or any module a run executes
  const all = [main, ...file.runs.filter((r) => r.module).flatMap((r) => trees.get(r) ?? [])]
  const fileOverrides = [
    ...[...file.providers.values()]
      .filter((p) => p.mock)
      .flatMap((p) => p.block.body.blocks.filter((b) => b.type === 'override_resource' || b.type === 'override_data')),
    ...(file.overrides ?? []),
  ]
  const fileDiags = fileOverrides.flatMap((b) => overrideTargetProblem(b, all) ?? [])
  for (const run of file.runs) {
    const tree = trees.get(run)
    if (tree) runs.set(run, runProblems(run, tree))
  }
  return {file: fileDiags, runs}
}
