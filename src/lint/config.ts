// Lint configuration: `.tfgraph.json` in the root directory (or --config), plus --only/--disable.
// { "rules": { "<rule-id>": "off" | "warning" | "error" | true | false | {"severity": …, "<option>": …} }, "max_warnings": N }
import {readFileSync, statSync} from 'node:fs'
import * as path from 'node:path'
import {getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError} from 'jsonc-parser'
import type {Diagnostic, Pos, Severity, SourceRange} from '../diag/diagnostic.js'
import type {FileSource} from '../io/inputs.js'
import {errorDiag} from '../diag/diagnostic.js'
import {didYouMean} from '../diag/name-suggestion.js'
import {RULE_IDS} from '../rules/ids.js'
import {optionProblem, RULE_OPTIONS, type RuleOptionValue} from '../rules/options.js'
import type {LintDiagnostic, Rule} from '../rules/rule.js'
import {readTflintConfig} from './tflint-config.js'
import {osErrorCode, osErrorText} from '../diag/os-error.js'

/** A JSON syntax error in words: what was expected where `offset` is. */
function syntaxMessage(code: string, text: string, offset: number, length: number): string {
  const afterComma = text[offset] === ',' && (code === 'PropertyNameExpected' || code === 'ValueExpected')
  switch (code) {
    case 'PropertyNameExpected':
      return afterComma ? 'Trailing comma: JSON allows none.' : 'Property name expected (in double quotes).'
    case 'ValueExpected':
      if (text.trim() === '') return 'The file is empty; it must hold a JSON object ({"rules": {…}, "max_warnings": N}).'
      return afterComma ? 'Trailing comma: JSON allows none.' : 'Value expected.'
    case 'InvalidSymbol':
      return `Unexpected ${JSON.stringify(text.slice(offset, offset + Math.max(length, 1)))} (a value is a "string", a number, true, false, null, {…} or […]).`
    case 'ColonExpected':
      return "':' expected after the property name."
    case 'CommaExpected':
      return "',' expected between properties or values."
    case 'CloseBraceExpected':
      return "'}' expected."
    case 'CloseBracketExpected':
      return "']' expected."
    case 'EndOfFileExpected':
      return 'End of file expected: the file holds one JSON object.'
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return 'Comments are not allowed in JSON.'
    case 'UnexpectedEndOfString':
      return 'Unterminated string.'
    default:
      return `${code
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase())}.`
  }
}

/** The rule id of Terraform's and OpenTofu's own diagnostics. */
export const TERRAFORM_RULE = 'terraform'

/**
 * A root's own `.tfgraph.json` that is invalid is a finding of that root, under this rule (exit 2, like
 * any finding): the root is not linted (its configuration would change what is reported), the other roots
 * of `lint --recursive` are. A broken `--config FILE` is a usage error instead: nothing is linted (exit 1).
 */
export const CONFIG_RULE = 'lint-config'
export const CONFIG_RULE_INFO: Pick<Rule, 'id' | 'severity' | 'description' | 'docs'> = {
  id: CONFIG_RULE,
  severity: 'error',
  description: "A root module's lint configuration file (.tfgraph.json) can be read and is valid",
  docs: 'docs/lint.md',
}

const START = {line: 1, column: 1, byte: 0}

/** The problems of a root's `.tfgraph.json` as its findings: file names relative to the root, rule `lint-config`. */
export function configFindings(rootDir: string, diagnostics: readonly Diagnostic[]): LintDiagnostic[] {
  const name = (f: string): string => path.relative(path.resolve(rootDir), path.resolve(f)).split(path.sep).join('/')
  return diagnostics.map((d) => ({
    ...d,
    ...(d.range ? {range: {...d.range, filename: name(d.range.filename)}} : {range: {filename: '.tfgraph.json', start: START, end: START}}),
    rule: CONFIG_RULE,
  }))
}

export type RuleSetting = 'off' | Severity | 'on'

export interface LintConfig {
  readonly rules: ReadonlyMap<string, RuleSetting>
  /** Rule id → the options set for it (src/rules/options.ts lists each rule's options). */
  readonly options?: ReadonlyMap<string, Readonly<Record<string, RuleOptionValue>>>
  readonly maxWarnings?: number
}

export const EMPTY_CONFIG: LintConfig = {rules: new Map()}

/** The lint configuration of a root: its `.tfgraph.json` (or `--config`), its tflint configuration, and why it is as it is. */
export interface ReadConfig {
  readonly config: LintConfig
  /** Errors in `.tfgraph.json` (the run stops on them). */
  readonly diagnostics: Diagnostic[]
  /** Said once in the output: the `.tflint.hcl` settings that were not understood. */
  readonly notes: readonly string[]
}

/**
 * Reads a root's lint configuration: `.tfgraph.json` in the root directory (or the explicit file), over the
 * root's `.tflint.hcl` when there is one (tflint's rule blocks for the rules tfgraph shares; `.tfgraph.json`
 * wins where both speak).
 */
export function readLintConfig(rootDir: string, explicit?: string, files: ConfigFiles = DISK): ReadConfig {
  const own = readTfgraphJson(rootDir, explicit, files)
  const file = path.join(rootDir, '.tflint.hcl')
  let text: string
  try {
    if (files.stat(file) === null) return {...own, notes: []}
    text = utf8(files.read(file))
  } catch {
    return {...own, notes: []}
  }
  const shown = path.relative(process.cwd(), file) || file
  const tflint = readTflintConfig(text, shown)
  const notes =
    tflint.notUnderstood.length > 0
      ? [
          `${shown}: not understood, ignored: ${tflint.notUnderstood.join(', ')} (tfgraph reads the rule blocks of tflint's Terraform ruleset; see docs/lint.md)`,
        ]
      : []
  return {config: mergeConfigs(tflint.config, own.config), diagnostics: own.diagnostics, notes}
}

/** The two configurations as one: `.tfgraph.json`'s settings and options win over `.tflint.hcl`'s, key by key. */
export function mergeConfigs(tflint: Pick<LintConfig, 'rules' | 'options'>, tfgraph: LintConfig): LintConfig {
  const rules = new Map<string, RuleSetting>([...tflint.rules, ...tfgraph.rules])
  const options = new Map(tflint.options ?? [])
  for (const [id, o] of tfgraph.options ?? []) options.set(id, {...(options.get(id) ?? {}), ...o})
  return {
    rules,
    ...(options.size > 0 ? {options} : {}),
    ...(tfgraph.maxWarnings !== undefined ? {maxWarnings: tfgraph.maxWarnings} : {}),
  }
}

/**
 * Where the configuration files are read: the disk, or a run's files (`lint` reads them through its
 * `FileSource`, so that a stored output notes them as inputs and is not reused once one changed).
 */
export type ConfigFiles = Pick<FileSource, 'stat' | 'read'>

/**
 * The disk. A root's own file is asked for by a stat before it is read: most roots have neither file, and a
 * read that fails makes and throws an error (~8 µs against ~2 µs for the stat; both files of each of the
 * corpus's 524 roots in a warm `lint --recursive`). Errors other than a missing path throw.
 */
const DISK: ConfigFiles = {
  stat: (p) => (statSync(p, {throwIfNoEntry: false}) === undefined ? null : 'file'),
  read: (p) => readFileSync(p),
}

const utf8 = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8')

/** Reads `.tfgraph.json`; a missing default file is an empty config, a missing explicit one is an error. */
function readTfgraphJson(
  rootDir: string,
  explicit: string | undefined,
  files: ConfigFiles,
): {config: LintConfig; diagnostics: Diagnostic[]} {
  const file = explicit ? path.resolve(explicit) : path.join(rootDir, '.tfgraph.json')
  let text: string
  try {
    if (!explicit && files.stat(file) === null) return {config: EMPTY_CONFIG, diagnostics: []}
    text = utf8(files.read(file))
  } catch (e) {
    if (!explicit) return {config: EMPTY_CONFIG, diagnostics: []}
    return {
      config: EMPTY_CONFIG,
      diagnostics: [
        errorDiag(
          'lint-config.unreadable',
          'Failed to read configuration file',
          `${explicit}: the lint configuration file ${osErrorCode(e) === 'ENOENT' ? 'does not exist' : `cannot be read: ${osErrorText(e)}`}.`,
        ),
      ],
    }
  }
  const at = rangeAt(text, explicit ?? path.relative(process.cwd(), file) ?? file)
  const errors: ParseError[] = []
  const tree = parseTree(text, errors, {disallowComments: true, allowTrailingComma: false, allowEmptyContent: false})
  if (errors.length > 0 || !tree) return {config: EMPTY_CONFIG, diagnostics: [syntaxError(text, errors[0], at)]}
  if (tree.type !== 'object')
    return {
      config: EMPTY_CONFIG,
      diagnostics: [
        errorDiag(
          'lint-config.invalid',
          'Invalid configuration file',
          `The file must hold a JSON object ({"rules": {…}, "max_warnings": N}).`,
          at(tree.offset, tree.length),
        ),
      ],
    }
  return readConfigObject(tree, at)
}

/** The source range of `length` characters at `offset` of the file's text. */
type RangeAt = (offset: number, length: number) => SourceRange

function rangeAt(text: string, display: string): RangeAt {
  const pos = (o: number): Pos => {
    const before = text.slice(0, o)
    const line = before.split('\n').length
    return {line, column: o - (before.lastIndexOf('\n') + 1) + 1, byte: Buffer.byteLength(before)}
  }
  return (offset, length) => ({filename: display, start: pos(offset), end: pos(offset + length)})
}

/** The first JSON syntax error (the ones after it follow from it), at the comma when it is a trailing comma. */
function syntaxError(text: string, e: ParseError | undefined, at: RangeAt): Diagnostic {
  const code = e ? printParseErrorCode(e.error) : 'ValueExpected'
  let [offset, length] = e ? [e.offset, e.length] : [0, 0]
  // a trailing comma: point at the comma, not at what follows it
  const comma = /,\s*$/.exec(text.slice(0, offset))
  if (comma && (code === 'PropertyNameExpected' || code === 'ValueExpected')) [offset, length] = [comma.index, 1]
  return errorDiag('lint-config.syntax', 'Invalid configuration file', syntaxMessage(code, text, offset, length), at(offset, length))
}

/** ` (did you mean "…"?)` when a candidate is close to what was given, else ''. */
function hint(given: string, candidates: readonly string[]): string {
  const s = didYouMean(given, candidates)
  return s ? ` (did you mean "${s}"?)` : ''
}

/** `off`, `on`, `warning` or `error` from a rule's setting or its "severity" (false and true are off and on). */
function ruleSetting(v: unknown): RuleSetting | undefined {
  if (v === false || v === 'off') return 'off'
  if (v === true || v === 'on') return 'on'
  if (v === 'warning' || v === 'error') return v
  return undefined
}

/** What reading the config's object collects: each rule's setting and options, and the problems found. */
interface ConfigReader {
  readonly at: RangeAt
  readonly rules: Map<string, RuleSetting>
  readonly options: Map<string, Readonly<Record<string, RuleOptionValue>>>
  readonly diagnostics: Diagnostic[]
}

/** The config's top-level object: "rules", "max_warnings", and nothing else. */
function readConfigObject(tree: Node, at: RangeAt): {config: LintConfig; diagnostics: Diagnostic[]} {
  const r: ConfigReader = {at, rules: new Map(), options: new Map(), diagnostics: []}
  let maxWarnings: number | undefined
  for (const prop of tree.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? []
    if (!keyNode || !valueNode) continue
    const key = String(keyNode.value)
    const value: unknown = getNodeValue(valueNode)
    if (key === 'rules') {
      readRules(r, valueNode)
    } else if (key === 'max_warnings') {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) maxWarnings = value
      else
        r.diagnostics.push(
          errorDiag(
            'lint-config.invalid',
            'Invalid configuration file',
            `"max_warnings" must be a whole number ≥ 0.`,
            at(valueNode.offset, valueNode.length),
          ),
        )
    } else {
      r.diagnostics.push(
        errorDiag(
          'lint-config.invalid',
          'Invalid configuration file',
          `Unknown key "${key}"${hint(key, ['rules', 'max_warnings'])}; the keys are "rules" and "max_warnings".`,
          at(keyNode.offset, keyNode.length),
        ),
      )
    }
  }
  const {rules, options, diagnostics} = r
  return {config: {rules, ...(options.size > 0 ? {options} : {}), ...(maxWarnings !== undefined ? {maxWarnings} : {})}, diagnostics}
}

/** `"rules"`: rule id → a setting, or an object of "severity" and the rule's options. */
function readRules(r: ConfigReader, valueNode: Node): void {
  if (valueNode.type !== 'object') {
    r.diagnostics.push(
      errorDiag(
        'lint-config.invalid',
        'Invalid configuration file',
        `"rules" must be an object of rule id → "off", "warning", "error", true, false or {"severity": …, "<option>": …}.`,
        r.at(valueNode.offset, valueNode.length),
      ),
    )
    return
  }
  const known = [TERRAFORM_RULE, ...RULE_IDS]
  for (const rule of valueNode.children ?? []) {
    const [idNode, settingNode] = rule.children ?? []
    if (!idNode || !settingNode) continue
    const id = String(idNode.value)
    const v: unknown = getNodeValue(settingNode)
    const setting = ruleSetting(v)
    if (!known.includes(id)) {
      r.diagnostics.push(
        errorDiag(
          'lint-config.unknown-rule',
          'Invalid configuration file',
          `Unknown rule id "${id}"${hint(id, known)}; "tfgraph lint --list-rules" lists the rules.`,
          r.at(idNode.offset, idNode.length),
        ),
      )
    } else if (settingNode.type === 'object') {
      readRuleObject(r, id, settingNode)
    } else if (setting) {
      r.rules.set(id, setting)
    } else {
      const close = typeof v === 'string' ? didYouMean(v, ['off', 'warning', 'error']) : undefined
      const got = typeof v === 'string' ? ` (got "${v}"${close ? `; did you mean "${close}"?` : ''})` : ''
      r.diagnostics.push(
        errorDiag(
          'lint-config.invalid',
          'Invalid configuration file',
          `Rule "${id}" must be "off", "warning", "error", true or false${got}.`,
          r.at(settingNode.offset, settingNode.length),
        ),
      )
    }
  }
}

/** `{"severity": "off" | "warning" | "error" | true | false, "<option>": value, …}`: each option checked against its schema. */
function readRuleObject(r: ConfigReader, id: string, settingNode: Node): void {
  const schemas = RULE_OPTIONS[id] ?? {}
  const names = ['severity', ...Object.keys(schemas)]
  const given: Record<string, RuleOptionValue> = {}
  for (const opt of settingNode.children ?? []) {
    const [nameNode, optNode] = opt.children ?? []
    if (!nameNode || !optNode) continue
    const name = String(nameNode.value)
    const ov: unknown = getNodeValue(optNode)
    if (name === 'severity') {
      const setting = ruleSetting(ov)
      if (setting) r.rules.set(id, setting)
      else
        r.diagnostics.push(
          errorDiag(
            'lint-config.invalid',
            'Invalid configuration file',
            `"severity" of rule "${id}" must be "off", "warning", "error", true or false.`,
            r.at(optNode.offset, optNode.length),
          ),
        )
      continue
    }
    const schema = schemas[name]
    if (!schema) {
      const options = Object.keys(schemas)
      r.diagnostics.push(
        errorDiag(
          'lint-config.invalid',
          'Invalid configuration file',
          `Rule "${id}" has no option "${name}"${hint(name, names)}; ${options.length > 0 ? `its options are ${options.map((o) => `"${o}"`).join(', ')} (and "severity")` : 'it takes only "severity"'}.`,
          r.at(nameNode.offset, nameNode.length),
        ),
      )
      continue
    }
    const problem = optionProblem(schema, ov)
    if (problem)
      r.diagnostics.push(
        errorDiag(
          'lint-config.invalid',
          'Invalid configuration file',
          `Option "${name}" of rule "${id}" ${problem}.`,
          r.at(optNode.offset, optNode.length),
        ),
      )
    else given[name] = ov as RuleOptionValue
  }
  // options alone turn a rule on only if it is on by default; a severity decides otherwise
  if (Object.keys(given).length > 0) r.options.set(id, given)
}
