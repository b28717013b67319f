// Reading the dependency lock file `.terraform.lock.hcl` (REFERENCE §e.1): provider blocks with their
// selected version, recorded constraints and hashes, and every diagnostic Terraform/OpenTofu's parser gives.
import {parseProviderSource, providerString, isBuiltin, type Provider} from '../addrs/provider.js'
import type {Diagnostic, Pos, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../diag/diagnostic.js'
import {diagnosticFromParserError} from '../hcl/parse-native.js'
import {standaloneParser, type NativeParser} from '../hcl/native-parser.js'
import type {Attribute, Block, Body, Value} from '../hcl/syntax.js'
import {constraintsString, goQuote, parseProviderConstraints, parseVersion, versionString} from '../providers/releases/constraints.js'
import {nameSuggestion} from '../diag/name-suggestion.js'
import {advancePos} from '../diag/positions.js'
import {literalOf} from '../hcl/expr.js'

export type LockEngine = 'terraform' | 'opentofu'

export interface ProviderLock {
  /** Canonical `host/namespace/type`. */
  readonly provider: string
  /** The selected version as written (canonical when there are no diagnostics); '' when missing. */
  readonly version: string
  /** Canonical constraint string; absent when the argument is omitted. */
  readonly constraints?: string
  /** Hashes in file order (unknown schemes preserved). */
  readonly hashes: string[]
  /** The block's DefRange (type keyword through label). */
  readonly range: SourceRange
  /** Errors reported inside this block (a bad version, constraints or hashes, an unexpected argument). */
  readonly errors: number
}

export interface ParsedLockFile {
  readonly locks: ProviderLock[]
  readonly diagnostics: Diagnostic[]
  /** False when the file is not valid HCL: nothing in it could be read (`locks` is empty). */
  readonly syntaxValid: boolean
}

export interface LockFileOptions {
  /** Version shown in the `module` blocks warning (`Terraform v%s …`). Defaults per engine. */
  readonly productVersion?: string
  /** The run's parser (default: one of its own). */
  readonly parser?: NativeParser
}

const DEFAULT_VERSION: Record<LockEngine, string> = {terraform: '1.15.0', opentofu: '1.12.6'}
const PROVIDER_ATTRS = ['version', 'constraints', 'hashes'] as const
const TOP_BLOCKS = ['provider', 'module'] as const

/** Parses a lock file's text. Never throws; the lock of a provider with errors is still returned when its address is valid. */
export async function parseLockFile(
  text: string,
  filename = '.terraform.lock.hcl',
  engine: LockEngine = 'terraform',
  options: LockFileOptions = {},
): Promise<ParsedLockFile> {
  const notText = notTextDiagnostic(text, filename)
  if (notText) return {locks: [], diagnostics: [notText], syntaxValid: false}
  // (text nested too deeply for the parser comes back with that diagnostic)
  const parsed = await (options.parser ?? standaloneParser()).parse(text, filename)
  const locks: ProviderLock[] = []
  if (parsed.diagnostics.length > 0) return {locks, diagnostics: syntaxDiagnostics(parsed.diagnostics, filename, text), syntaxValid: false}
  const diagnostics: Diagnostic[] = []
  const product = engine === 'opentofu' ? 'OpenTofu' : 'Terraform'
  const buf = Buffer.from(text, 'utf8')
  const body = parsed.file.body

  checkUnexpected(body, [], [...TOP_BLOCKS], diagnostics)
  const seen = new Map<string, SourceRange>()
  let seenModule = false
  for (const block of body.blocks) {
    if (block.type !== 'provider' && block.type !== 'module') continue
    if (!checkLabels(block, block.type === 'provider' ? 'source_addr' : 'path', buf, diagnostics)) continue
    if (block.type === 'module') {
      if (!seenModule) {
        const v = options.productVersion ?? DEFAULT_VERSION[engine]
        diagnostics.push(
          warningDiag(
            'lock.module-locks-unsupported',
            'Dependency locks for modules are not yet supported',
            `${product} v${v} only supports dependency locks for providers, not for modules. This configuration may be intended for a later version of ${product} that also supports dependency locks for modules.`,
            block.typeRange,
          ),
        )
        seenModule = true
      }
      continue
    }
    const lock = decodeProviderLock(block, engine, product, buf, diagnostics)
    if (!lock) continue
    const previous = seen.get(lock.provider)
    if (previous) {
      diagnostics.push(
        errorDiag(
          'lock.duplicate-provider',
          'Duplicate provider lock',
          `This lockfile already declared a lock for provider ${lock.provider} at ${formatRange(previous)}.`,
          block.typeRange,
        ),
      )
      continue
    }
    seen.set(lock.provider, block.declRange)
    locks.push(lock)
  }
  return {locks, diagnostics, syntaxValid: true}
}

/**
 * A binary file or one that is not UTF-8 (decoded with U+FFFD for each bad sequence) is one error at its first
 * such character, in the words the configuration loader uses (load-module.ts `decodeConfigText`), instead of
 * thousands of syntax errors. Whichever comes first is reported, so the byte offset is true to the file.
 */
function notTextDiagnostic(text: string, filename: string): Diagnostic | undefined {
  const nul = text.indexOf('\0')
  const bad = text.indexOf('\ufffd')
  if (nul < 0 && bad < 0) return undefined
  const at = nul >= 0 && (bad < 0 || nul < bad) ? nul : bad
  const start = advancePos({line: 1, column: 1, byte: 0}, text.slice(0, at))
  const end = {line: start.line, column: start.column + 1, byte: start.byte + 1}
  return at === nul
    ? errorDiag(
        'hcl.binary-file',
        'Invalid character',
        'This character is not used within the language. The file contains NUL bytes: it looks like a binary file, not configuration text.',
        {filename, start, end},
      )
    : errorDiag(
        'hcl.invalid-encoding',
        'Invalid character encoding',
        'All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.',
        {filename, start, end},
      )
}

/**
 * The parser reports all syntax errors of a file in one message, so the first diagnostic's detail carries
 * the others (`…language. f.hcl:1,2-3: Invalid character; …`); they become one diagnostic each again, as
 * Terraform reports them. A binary file has an error for nearly every byte: an error (same summary and
 * detail) is listed at most SAME_ERROR_LISTED times, the further ones are counted in the first one's explanation.
 */
const SAME_ERROR_LISTED = 3

export function syntaxDiagnostics(diags: readonly Diagnostic[], filename: string, text: string): Diagnostic[] {
  const split: Diagnostic[] = []
  const boundary = new RegExp(`\\s+(?=${filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+,\\d+-(?:\\d+,)?\\d+: )`)
  for (const d of diags) {
    const pieces = d.range?.filename === filename ? d.detail.split(boundary) : [d.detail]
    split.push({...d, detail: pieces[0] ?? ''})
    for (const piece of pieces.slice(1)) split.push(diagnosticFromParserError(piece, filename, text))
  }
  const kept: Diagnostic[] = []
  const first = new Map<string, {index: number; listed: number; repeats: number}>()
  for (const d of split) {
    const key = `${d.severity}\0${d.summary}\0${d.detail}`
    const seen = first.get(key)
    if (!seen) first.set(key, {index: kept.length, listed: 1, repeats: 0})
    else if (seen.listed < SAME_ERROR_LISTED) seen.listed++
    else {
      seen.repeats++
      continue
    }
    kept.push(d)
  }
  for (const {index, repeats} of first.values()) {
    if (repeats === 0) continue
    const d = kept[index]!
    kept[index] = {
      ...d,
      extra: {...d.extra, explanation: `${repeats} more error${repeats === 1 ? '' : 's'} like this one in ${filename}, not listed.`},
    }
  }
  return kept
}

/** `addrs.ParseProviderSourceString` as the lock file uses it; undefined when it does not parse. */
function parseLockAddress(raw: string, engine: LockEngine, product: string): Provider | undefined {
  // Terraform 1.16 accepts underscores in namespaces (and writes them in its lock file)
  const r = parseProviderSource(
    raw,
    engine === 'opentofu' ? 'registry.opentofu.org' : 'registry.terraform.io',
    product,
    engine === 'terraform',
  )
  if ('error' in r) return undefined
  const parts = raw.split('/')
  if (parts.length === 3 && !/^[\p{L}\p{N}](?:[\p{L}\p{N}.-]*[\p{L}\p{N}])?(?::\d+)?$/u.test(parts[0]!)) return undefined
  // Terraform's registry-address library allows the legacy `-` namespace only on registry.terraform.io.
  if (engine === 'terraform' && r.provider.namespace === '-' && r.provider.host !== 'registry.terraform.io') return undefined
  return r.provider
}

function decodeProviderLock(block: Block, engine: LockEngine, product: string, buf: Buffer, diags: Diagnostic[]): ProviderLock | undefined {
  const before = diags.length
  const canon = lockAddress(block, engine, product, diags)
  if (canon === undefined) return undefined
  const body = block.body
  checkUnexpected(body, [...PROVIDER_ATTRS], [], diags)
  const attr = (name: string): Attribute | undefined => body.attributes.find((a) => a.name === name)
  const version = decodeVersion(block, attr('version'), canon, buf, diags)
  const constraintsAttr = attr('constraints')
  const constraints = constraintsAttr ? decodeConstraints(constraintsAttr, canon, diags) : undefined
  const hashesAttr = attr('hashes')
  const hashes = hashesAttr ? decodeHashes(hashesAttr, diags) : []
  const errors = diags.slice(before).filter((d) => d.severity === 'error').length
  const lock: ProviderLock = {provider: canon, version, hashes, range: block.declRange, errors}
  return constraints !== undefined ? {...lock, constraints} : lock
}

/**
 * A provider block's label as a canonical `host/namespace/type`; undefined (with a diagnostic) when it does not
 * parse, names a built-in or legacy provider, or is not written in its normalized form.
 */
function lockAddress(block: Block, engine: LockEngine, product: string, diags: Diagnostic[]): string | undefined {
  const label = block.labels[0]!
  const raw = label.value
  const addr = parseLockAddress(raw, engine, product)
  if (!addr) {
    diags.push(
      errorDiag(
        'lock.invalid-provider-address',
        'Invalid provider source address',
        'The provider source address for a provider lock must be a valid, fully-qualified address of the form "hostname/namespace/type".',
        label.range,
      ),
    )
    return undefined
  }
  const canon = providerString(addr)
  if (isBuiltin(addr)) {
    diags.push(
      errorDiag(
        'lock.builtin-provider',
        'Invalid provider source address',
        `Cannot lock a version for built-in provider ${canon}. Built-in providers are bundled inside ${product} itself, so you can't select a version for them independently of the ${product} release you are currently running.`,
        label.range,
      ),
    )
    return undefined
  }
  if (addr.namespace === '-') {
    diags.push(
      errorDiag(
        'lock.legacy-provider',
        'Invalid provider source address',
        `Provider source address ${canon} is a special provider that is not eligible for dependency locking.`,
        label.range,
      ),
    )
    return undefined
  }
  if (canon !== raw) {
    diags.push(
      errorDiag(
        'lock.non-normalized-address',
        'Non-normalized provider source address',
        `The provider source address for this provider lock must be written as ${goQuote(canon)}, the fully-qualified and normalized form.`,
        label.range,
      ),
    )
    return undefined
  }
  return canon
}

/** The required `version` as written ('' when missing or not a string), reported unless valid and normalized. */
function decodeVersion(block: Block, versionAttr: Attribute | undefined, canon: string, buf: Buffer, diags: Diagnostic[]): string {
  if (!versionAttr) {
    const brace = openBraceRange(block, buf)
    diags.push(
      errorDiag('lock.missing-version', 'Missing required argument', 'The argument "version" is required, but no definition was found.', {
        ...brace,
        end: brace.start,
      }),
    )
    return ''
  }
  const v = decodeString(versionAttr, diags)
  if (v === null) {
    diags.push(
      errorDiag(
        'lock.missing-version',
        'Missing required argument',
        'A provider lock block must contain a "version" argument.',
        versionAttr.exprRange,
      ),
    )
    return ''
  }
  if (v === undefined) return ''
  const parsed = parseVersion(v)
  let canonVersion = '0.0.0'
  if ('error' in parsed) {
    diags.push(
      errorDiag(
        'lock.invalid-version',
        'Invalid provider version number',
        `The selected version number for provider ${canon} is invalid: ${parsed.error}.`,
        versionAttr.exprRange,
      ),
    )
  } else {
    canonVersion = versionString(parsed)
  }
  if (canonVersion !== v) {
    diags.push(
      errorDiag(
        'lock.non-normalized-version',
        'Invalid provider version number',
        `The selected version number for provider ${canon} must be written in normalized form: ${goQuote(canonVersion)}.`,
        versionAttr.exprRange,
      ),
    )
  }
  // what the file says: a number (`version = 5.0`) converts to the string "5" for the checks, as
  // Terraform's does, but is shown as written
  return typeof literalOf(versionAttr.node) === 'string'
    ? v
    : buf.subarray(versionAttr.exprRange.start.byte, versionAttr.exprRange.end.byte).toString('utf8')
}

/** The recorded `constraints` in canonical form ('' when invalid), reported unless valid and normalized; undefined when not a string. */
function decodeConstraints(constraintsAttr: Attribute, canon: string, diags: Diagnostic[]): string | undefined {
  const c = decodeString(constraintsAttr, diags)
  if (c === null) {
    diags.push(unsuitable(constraintsAttr, 'string required'))
    return undefined
  }
  if (c === undefined) return undefined
  const parsed = parseProviderConstraints(c)
  let canonC = ''
  if ('error' in parsed) {
    diags.push(
      errorDiag(
        'lock.invalid-constraints',
        'Invalid provider version constraints',
        `The recorded version constraints for provider ${canon} are invalid: ${parsed.error}.`,
        constraintsAttr.exprRange,
      ),
    )
  } else {
    canonC = constraintsString(parsed.constraints)
  }
  if (canonC !== c) {
    diags.push(
      errorDiag(
        'lock.non-normalized-constraints',
        'Invalid provider version constraints',
        `The recorded version constraints for provider ${canon} must be written in normalized form: ${goQuote(canonC)}.`,
        constraintsAttr.exprRange,
      ),
    )
  }
  return canonC
}

/** `hashes`: a non-empty static list of `scheme:value` strings, in file order; the ones that are not are reported and left out. */
function decodeHashes(hashesAttr: Attribute, diags: Diagnostic[]): string[] {
  const hashes: string[] = []
  const value = hashesAttr.value
  if (!hashesAttr.expr.trimStart().startsWith('[') || !Array.isArray(value)) {
    diags.push(errorDiag('lock.invalid-hashes', 'Invalid expression', 'A static list expression is required.', hashesAttr.exprRange))
  } else if (value.length === 0) {
    diags.push(
      errorDiag(
        'lock.invalid-hashes',
        'Invalid provider hash set',
        'The "hashes" argument must either be omitted or contain at least one hash value.',
        hashesAttr.exprRange,
      ),
    )
  } else {
    for (const el of value as readonly Value[]) {
      const s = scalarString(el)
      if (s === undefined) {
        diags.push(unsuitable(hashesAttr, el === null ? 'value must not be null' : 'string required'))
        continue
      }
      if (s.indexOf(':') < 1) {
        diags.push(
          errorDiag(
            'lock.invalid-hash',
            'Invalid provider hash string',
            `Cannot interpret ${goQuote(s)} as a provider hash: hash string must start with a scheme keyword followed by a colon.`,
            hashesAttr.exprRange,
          ),
        )
        continue
      }
      hashes.push(s)
    }
  }
  return hashes
}

function scalarString(v: Value | undefined): string | undefined {
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  return undefined
}

/** gohcl.DecodeExpression into a string: the string, null for a null value, undefined after a diagnostic. */
function decodeString(a: Attribute, diags: Diagnostic[]): string | null | undefined {
  const v = literalOf(a.node)
  if (v === null) return null
  const s = scalarString(v)
  if (s === undefined) {
    diags.push(unsuitable(a, 'string required'))
    return undefined
  }
  return s
}

function unsuitable(a: Attribute, why: string): Diagnostic {
  return errorDiag('lock.unsuitable-value', 'Unsuitable value type', `Unsuitable value: ${why}`, a.exprRange)
}

/** HCL's `Body.Content` checks for arguments and blocks outside the schema. */
function checkUnexpected(body: Body, attrNames: readonly string[], blockTypes: readonly string[], diags: Diagnostic[]): void {
  for (const a of body.attributes) {
    if (attrNames.includes(a.name)) continue
    let detail = `An argument named ${goQuote(a.name)} is not expected here.`
    if (blockTypes.includes(a.name)) detail += ` Did you mean to define a block of type ${goQuote(a.name)}?`
    else {
      const s = nameSuggestion(a.name, attrNames)
      if (s) detail += ` Did you mean ${goQuote(s)}?`
    }
    diags.push(errorDiag('lock.unsupported-argument', 'Unsupported argument', detail, a.nameRange))
  }
  for (const b of body.blocks) {
    if (blockTypes.includes(b.type)) continue
    let detail = `Blocks of type ${goQuote(b.type)} are not expected here.`
    if (attrNames.includes(b.type))
      detail += ` Did you mean to define argument ${goQuote(b.type)}? If so, use the equals sign to assign it a value.`
    else {
      const s = nameSuggestion(b.type, blockTypes)
      if (s) detail += ` Did you mean ${goQuote(s)}?`
    }
    diags.push(errorDiag('lock.unsupported-block', 'Unsupported block type', detail, b.typeRange))
  }
}

/** Checks a one-label block; false (with a diagnostic) when the label count is wrong. */
function checkLabels(block: Block, labelName: string, buf: Buffer, diags: Diagnostic[]): boolean {
  if (block.labels.length > 1) {
    diags.push(
      errorDiag(
        'lock.extraneous-label',
        `Extraneous label for ${block.type}`,
        `Only 1 labels (${labelName}) are expected for ${block.type} blocks.`,
        block.labels[1]!.range,
      ),
    )
    return false
  }
  if (block.labels.length < 1) {
    diags.push(
      errorDiag(
        'lock.missing-label',
        `Missing ${labelName} for ${block.type}`,
        `All ${block.type} blocks must have 1 labels (${labelName}).`,
        openBraceRange(block, buf),
      ),
    )
    return false
  }
  return true
}

/** The range of a block's `{`, found after its last label. */
function openBraceRange(block: Block, buf: Buffer): SourceRange {
  let b = block.declRange.end.byte
  while (b < buf.length && buf[b] !== 0x7b) b++
  const start = posAtByte(buf, b)
  const end: Pos = {line: start.line, column: start.column + 1, byte: b + 1}
  return {filename: block.declRange.filename, start, end}
}

function posAtByte(buf: Buffer, byte: number): Pos {
  const before = buf.subarray(0, byte).toString('utf8')
  const nl = before.lastIndexOf('\n')
  const line = before.split('\n').length
  const column = [...before.slice(nl + 1)].length + 1
  return {line, column, byte}
}
