// JSON-syntax files (`.tf.json`, `.tofu.json`): HCL's JSON profile read into the unified tree of syntax.ts.
//
// Contract: `parseJsonConfig` never throws. Strict JSON (no comments, no trailing commas); syntax errors
// are reported with HCL's wording (hashicorp/hcl `json/parser.go`) but everything jsonc-parser could
// recover is still read. The block structure follows HCL's JSON spec (`json/spec.md`, `json/structure.go`):
// block types are known by name (Terraform's and OpenTofu's schemas; there are no provider schemas here),
// every label level is an object (or an array of objects) keyed by label, and every body is an object, or an
// array of them for repeated blocks. Everything not known to be a block is an attribute.
//
// Ranges: `typeRange` and label ranges are the JSON property-name strings (quotes included), as in HCL.
// `declRange` is HCL's `DefRange` for JSON blocks, i.e. what Terraform prints for JSON blocks: the opening
// brace of the body object (or, for the array form, the opening bracket of the array holding the bodies).
// `range` runs from the block-type key to the end of the body value; `body.range` is the body value
// (braces included); the file body's range is the whole text.
//
// Values are shaped like `@cdktf/hcl2json` output for the same native-syntax configuration: JSON strings are
// templates and stay as written, objects have their keys sorted (byte-wise, like Go's encoding/json), and the
// meta-arguments that Terraform reads from JSON strings as references or keywords (e.g. `"provider": "aws.west"`,
// `"depends_on": ["aws_instance.a"]`, `"type": "list(string)"`) are wrapped as `"${…}"`, as native syntax gives.
import {parseTree, visit, type JSONVisitor, type Node as JsonNode, type ParseOptions} from 'jsonc-parser'
import type {Diagnostic, DiagnosticCode, Pos, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange} from '../diag/diagnostic.js'
import type {Attribute, Block, Body, ConfigFile, Label, Value} from './syntax.js'
import {nameSuggestion} from '../diag/name-suggestion.js'
import {checkNesting} from './nesting-limit.js'
import {jsonExpr} from './json-expr.js'

const PARSE_OPTIONS: ParseOptions = {disallowComments: true, allowTrailingComma: false, allowEmptyContent: false}

/**
 * What a JSON file holds: configuration, a Terraform query file (`.tfquery.json`), a test file (`.tftest.json`),
 * a mock data file (`.tfmock.json`) or a Terraform Stacks configuration file (`.tfcomponent.json`).
 */
export type JsonRoot = 'config' | 'query' | 'test' | 'mock' | 'stack'

const ROOT_KINDS: Record<JsonRoot, 'root' | 'query_root' | 'test_root' | 'mock_root' | 'stack_root'> = {
  config: 'root',
  query: 'query_root',
  test: 'test_root',
  mock: 'mock_root',
  stack: 'stack_root',
}

/** Parses one JSON-syntax configuration file. Never throws: problems become diagnostics, partial content is kept. */
export function parseJsonConfig(text: string, filename: string, root: JsonRoot = 'config'): {file: ConfigFile; diagnostics: Diagnostic[]} {
  // A UTF-8 BOM is skipped (it counts in byte offsets, not in columns), as HCL's native scanner does.
  // (HCL's JSON scanner would reject it with "Invalid start of value"; we accept it like the native path.)
  const hasBom = text.charCodeAt(0) === 0xfeff
  // the JSON reader and the value conversion recurse: absurd nesting is refused before parsing
  const tooDeep = checkNesting(text, filename, 'json')
  if (tooDeep)
    return {
      file: {
        filename,
        syntax: 'json',
        body: {attributes: [], blocks: [], range: {filename, start: {line: 1, column: 1, byte: 0}, end: {line: 1, column: 1, byte: 0}}},
      },
      diagnostics: [tooDeep],
    }
  const source = hasBom ? ' ' + text.slice(1) : text
  const index = new PositionIndex(text, filename)
  const diagnostics: Diagnostic[] = []
  const errors: {error: number; offset: number; length: number}[] = []
  const rootNode = parseTree(source, errors, PARSE_OPTIONS)
  if (errors.length > 0) diagnostics.push(...syntaxDiagnostics(source, index))

  const reader = new Reader(source, index, diagnostics)
  const fileRange = index.range(0, text.length)
  let body: Body = {attributes: [], blocks: [], range: fileRange}
  if (rootNode === undefined || (rootNode.type !== 'object' && rootNode.type !== 'array')) {
    const at = rootNode ? index.range(rootNode.offset, rootNode.offset + Math.max(rootNode.length, 0)) : firstTokenRange(source, index)
    diagnostics.push(
      errorDiag(
        'hcl.json-root-not-object',
        'Root value must be object',
        'The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.',
        at,
      ),
    )
  } else {
    body = reader.body(rootNode, KINDS[ROOT_KINDS[root]], fileRange)
  }
  return {file: {filename, syntax: 'json', body}, diagnostics}
}

// ---------------------------------------------------------------------------------------------------------
// Block kinds: which property names are nested blocks, with which labels, and which attributes hold
// references/keywords written as strings.

/**
 * How an attribute's JSON strings are read by Terraform: `expr` = the string (or each string of an array) is a
 * reference, keyword or type expression (`hcl.AbsTraversalForExpr`, `hcl.ExprAsKeyword`, `typeexpr`);
 * `exprValues` = each string value of an object is one (module `providers`); `requiredProvider` = inside an
 * object, `configuration_aliases` holds references.
 */
type Convert = 'expr' | 'exprValues' | 'requiredProvider'

interface BlockKind {
  /** Label names, outermost first (used in HCL's messages). */
  readonly labels: readonly string[]
  /** Nested block types → kind name. */
  readonly blocks?: Readonly<Record<string, string>>
  /** Body read with HCL's `JustAttributes` (every property is an attribute; `locals`, `required_providers`). */
  readonly justAttributes?: boolean
  readonly convert?: Readonly<Record<string, Convert>>
  /** Conversion applied to every attribute of the body. */
  readonly convertEach?: Convert
  /** Unknown properties are errors (only the file body, where there is no attribute). */
  readonly strict?: boolean
}

const RESOURCE_BLOCKS = {
  lifecycle: 'lifecycle',
  connection: 'plain',
  provisioner: 'provisioner',
  dynamic: 'dynamic',
  precondition: 'plain',
  postcondition: 'plain',
  locals: 'locals', // reserved by Terraform; a block in native syntax too
  _: 'plain', // meta-argument escaping block
}
const RESOURCE: BlockKind = {labels: ['type', 'name'], blocks: RESOURCE_BLOCKS, convert: {provider: 'expr', depends_on: 'expr'}}

const KINDS = {
  root: {
    labels: [],
    strict: true,
    // Terraform's configFileSchema order (used for "Did you mean" suggestions), plus OpenTofu's `language`.
    blocks: {
      terraform: 'terraform',
      required_providers: 'required_providers', // invalid here; read so that the loader can explain where it belongs
      provider: 'provider',
      variable: 'variable',
      locals: 'locals',
      output: 'output',
      module: 'module',
      resource: 'resource',
      data: 'resource',
      ephemeral: 'resource',
      action: 'action',
      moved: 'moved',
      removed: 'removed',
      import: 'import',
      check: 'check',
      language: 'plain',
    },
  },
  // query files (Terraform's queryFileSchema) and test files (testFileSchema, mock_provider.go)
  query_root: {labels: [], strict: true, blocks: {list: 'list', provider: 'provider', locals: 'locals', variable: 'variable'}},
  // a mock data file (*.tfmock.json): the body of a mock_provider block (mock_provider.go decodeMockDataBody)
  mock_root: {
    labels: [],
    strict: true,
    blocks: {mock_resource: 'mock_item', mock_data: 'mock_item', override_resource: 'override', override_data: 'override'},
  },
  list: {labels: ['type', 'name'], blocks: {config: 'plain'}, convert: {provider: 'expr'}},
  test_root: {
    labels: [],
    strict: true,
    blocks: {
      test: 'plain',
      run: 'run',
      provider: 'provider',
      mock_provider: 'mock_provider',
      variable: 'variable',
      variables: 'locals',
      override_resource: 'override',
      override_data: 'override',
      override_module: 'override',
    },
  },
  run: {
    labels: ['name'],
    blocks: {
      plan_options: 'plan_options',
      assert: 'plain',
      variables: 'locals',
      module: 'plain',
      override_resource: 'override',
      override_data: 'override',
      override_module: 'override',
      backend: 'backend',
    },
    convert: {command: 'expr', providers: 'exprValues', expect_failures: 'expr'},
  },
  plan_options: {labels: [], convert: {mode: 'expr', replace: 'expr', target: 'expr'}},
  // Terraform Stacks (stackconfig's rootConfigSchema and the block schemas)
  stack_root: {
    labels: [],
    // not strict: `language` is an attribute; the decoder reports other properties
    blocks: {
      stack: 'stack_call',
      component: 'stack_component',
      variable: 'stack_variable',
      locals: 'locals',
      output: 'stack_output',
      provider: 'stack_provider',
      required_providers: 'stack_required_providers',
      removed: 'stack_removed',
    },
    convert: {language: 'expr'},
  },
  stack_call: {labels: ['name'], convert: {depends_on: 'expr'}},
  stack_component: {labels: ['name'], convert: {depends_on: 'expr'}},
  stack_variable: {labels: ['name'], blocks: {validation: 'plain'}, convert: {type: 'expr'}},
  stack_output: {labels: ['name'], blocks: {precondition: 'plain'}, convert: {type: 'expr'}},
  stack_provider: {labels: ['type', 'name'], blocks: {config: 'plain'}},
  stack_required_providers: {labels: [], justAttributes: true},
  stack_removed: {labels: [], blocks: {lifecycle: 'plain'}, convert: {from: 'expr'}},
  override: {labels: [], convert: {target: 'expr', override_during: 'expr'}},
  mock_provider: {
    labels: ['name'],
    blocks: {mock_resource: 'mock_item', mock_data: 'mock_item', override_resource: 'override', override_data: 'override'},
    convert: {override_during: 'expr'},
  },
  mock_item: {labels: ['type'], convert: {override_during: 'expr'}},
  plain: {labels: []},
  terraform: {
    labels: [],
    blocks: {
      backend: 'backend',
      cloud: 'cloud',
      required_providers: 'required_providers',
      state_store: 'state_store',
      provider_meta: 'provider_meta',
      encryption: 'encryption',
    },
    convert: {experiments: 'expr', language: 'expr'},
  },
  required_providers: {labels: [], justAttributes: true, convertEach: 'requiredProvider'},
  backend: {labels: ['type']},
  cloud: {labels: [], blocks: {workspaces: 'plain'}},
  state_store: {labels: ['type'], blocks: {provider: 'state_store_provider'}},
  state_store_provider: {labels: ['type']},
  provider_meta: {labels: ['provider']},
  encryption: {
    labels: [],
    blocks: {
      key_provider: 'encryption_item',
      method: 'encryption_item',
      state: 'encryption_target',
      plan: 'encryption_target',
      remote_state_data_sources: 'encryption_remote',
    },
  },
  encryption_item: {labels: ['type', 'name']},
  encryption_target: {labels: [], blocks: {fallback: 'encryption_target'}},
  encryption_remote: {labels: [], blocks: {default: 'encryption_target', remote_state_data_source: 'encryption_remote_source'}},
  encryption_remote_source: {labels: ['name'], blocks: {fallback: 'encryption_target'}},
  provider: {labels: ['name'], blocks: {dynamic: 'dynamic'}},
  variable: {labels: ['name'], blocks: {validation: 'plain'}, convert: {type: 'expr'}},
  locals: {labels: [], justAttributes: true},
  output: {labels: ['name'], blocks: {precondition: 'plain', postcondition: 'plain'}, convert: {depends_on: 'expr', type: 'expr'}},
  module: {labels: ['name'], blocks: {lifecycle: 'plain', _: 'plain'}, convert: {depends_on: 'expr', providers: 'exprValues'}},
  resource: RESOURCE,
  action: {labels: ['type', 'name'], blocks: {config: 'plain'}, convert: {provider: 'expr'}},
  moved: {labels: [], convert: {from: 'expr', to: 'expr'}},
  removed: {labels: [], blocks: {lifecycle: 'lifecycle', connection: 'plain', provisioner: 'provisioner'}, convert: {from: 'expr'}},
  import: {labels: [], convert: {to: 'expr', provider: 'expr'}},
  check: {labels: ['name'], blocks: {data: 'resource', assert: 'plain'}},
  lifecycle: {
    labels: [],
    blocks: {precondition: 'plain', postcondition: 'plain', action_trigger: 'action_trigger'},
    convert: {ignore_changes: 'expr', replace_triggered_by: 'expr'},
  },
  action_trigger: {labels: [], convert: {events: 'expr', actions: 'expr'}},
  provisioner: {labels: ['type'], blocks: {connection: 'plain'}, convert: {when: 'expr', on_failure: 'expr'}},
  dynamic: {labels: ['type'], blocks: {content: 'content'}, convert: {iterator: 'expr'}},
  content: {labels: [], blocks: {dynamic: 'dynamic'}},
} satisfies Record<string, BlockKind>

type KindName = keyof typeof KINDS

function kindOf(name: string): BlockKind {
  return Object.hasOwn(KINDS, name) ? KINDS[name as KindName] : KINDS.plain
}

/** An own property of a table (never one inherited from Object.prototype, such as "constructor"). */
function own<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined
}

// ---------------------------------------------------------------------------------------------------------
// Structure: JSON tree → blocks and attributes.

interface Prop {
  readonly key: JsonNode
  readonly name: string
  /** Missing after a syntax error (the parser already reported it). */
  readonly value: JsonNode | undefined
}

class Reader {
  constructor(
    private readonly text: string,
    private readonly index: PositionIndex,
    private readonly diags: Diagnostic[],
  ) {}

  private range(n: JsonNode): SourceRange {
    return this.index.range(n.offset, n.offset + Math.max(n.length, 0))
  }

  /** HCL's `StartRange`: the opening brace/bracket of objects and arrays, the whole token otherwise. */
  private startRange(n: JsonNode): SourceRange {
    if (n.type === 'object' || n.type === 'array') return this.index.range(n.offset, n.offset + 1)
    return this.range(n)
  }

  private error(code: DiagnosticCode, summary: string, detail: string, range: SourceRange): void {
    this.diags.push(errorDiag(code, summary, detail, range))
  }

  /** The properties of an object; for an array, of each of its objects (HCL's `collectDeepAttrs`). */
  private deepProps(n: JsonNode, labelName: string | undefined): Prop[] {
    if (n.type === 'null') return []
    if (n.type === 'object') return props(n)
    if (n.type === 'array') {
      const out: Prop[] = []
      for (const el of n.children ?? []) {
        if (el.type === 'object') {
          out.push(...props(el))
        } else {
          this.error(
            'hcl.json-value-type',
            'Incorrect JSON value type',
            labelName === undefined
              ? 'A JSON object is required here, to define arguments and child blocks.'
              : `A JSON object is required here, to specify ${labelName} labels for this block.`,
            this.startRange(el),
          )
        }
      }
      return out
    }
    this.error(
      'hcl.json-value-type',
      'Incorrect JSON value type',
      labelName === undefined
        ? 'Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.'
        : `Either a JSON object or JSON array of objects is required here, to specify ${labelName} labels for this block.`,
      this.startRange(n),
    )
    return []
  }

  /** Reads a body value (an object, or an array of objects read as one body) of the given kind. */
  body(n: JsonNode, kind: BlockKind, range: SourceRange): Body {
    const attributes: Attribute[] = []
    const blocks: Block[] = []
    let list: Prop[]
    if (kind.justAttributes && n.type !== 'object') {
      this.error(
        'hcl.json-value-type',
        'Incorrect JSON value type',
        'A JSON object is required here, setting the arguments for this block.',
        this.startRange(n),
      )
      list = []
    } else {
      list = this.deepProps(n, undefined)
    }
    const seen = new Map<string, Attribute>()
    for (const p of list) {
      if (p.name === '//') continue // a comment property
      const blockKind = kind.justAttributes ? undefined : own(kind.blocks, p.name)
      if (blockKind !== undefined) {
        if (p.value) this.unpackBlock(p.value, p, kindOf(blockKind), [], blocks)
        continue
      }
      if (kind.strict) {
        const names = Object.keys(kind.blocks ?? {})
        const suggestion = nameSuggestion(p.name, names)
        this.error(
          'hcl.json-unknown-property',
          'Extraneous JSON object property',
          `No argument or block type is named "${p.name}".${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
          this.range(p.key),
        )
        continue
      }
      if (!p.value) continue
      const attr = this.attribute(p, p.value, own(kind.convert, p.name) ?? kind.convertEach)
      const prev = seen.get(p.name)
      if (prev) {
        const prevRange: SourceRange = {filename: prev.nameRange.filename, start: prev.nameRange.start, end: prev.exprRange.end}
        this.error(
          'hcl.duplicate-argument',
          kind.justAttributes ? 'Duplicate attribute definition' : 'Duplicate argument',
          `The argument "${p.name}" was already set at ${formatRange(prevRange)}.`,
          attr.nameRange,
        )
        continue
      }
      seen.set(p.name, attr)
      attributes.push(attr)
    }
    return {attributes, blocks, range}
  }

  private attribute(p: Prop, value: JsonNode, convert: Convert | undefined): Attribute {
    return {
      kind: 'attribute',
      name: p.name,
      nameRange: this.range(p.key),
      exprRange: this.range(value),
      expr: this.text.slice(value.offset, value.offset + Math.max(value.length, 0)),
      node: jsonExpr(value, convert, this.text),
      value: convertValue(value, convert),
    }
  }

  /** HCL's `unpackBlock`: peels one label level per object, then reads one body per object (or array element). */
  private unpackBlock(n: JsonNode, typeProp: Prop, kind: BlockKind, labels: readonly Label[], out: Block[]): void {
    const labelName = kind.labels[labels.length]
    if (labelName !== undefined) {
      const list = this.deepProps(n, labelName)
      if (list.length === 0) {
        this.error(
          'hcl.json-missing-label',
          'Missing block label',
          `At least one object property is required, whose name represents the ${typeProp.name} block's ${labelName}.`,
          this.startRange(n),
        )
        return
      }
      for (const p of list) {
        if (p.value) this.unpackBlock(p.value, typeProp, kind, [...labels, {value: p.name, range: this.range(p.key)}], out)
      }
      return
    }
    if (n.type === 'null') return // no block
    if (n.type === 'object') {
      out.push(this.block(typeProp, labels, n, this.startRange(n), kind))
      return
    }
    if (n.type === 'array') {
      const declRange = this.startRange(n)
      for (const el of n.children ?? []) {
        if (el.type === 'object' || el.type === 'array' || el.type === 'null') {
          out.push(this.block(typeProp, labels, el, declRange, kind))
        } else {
          this.error(
            'hcl.json-value-type',
            'Incorrect JSON value type',
            kind.justAttributes
              ? 'A JSON object is required here, setting the arguments for this block.'
              : 'Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.',
            this.startRange(el),
          )
        }
      }
      return
    }
    this.error(
      'hcl.json-value-type',
      'Incorrect JSON value type',
      `Either a JSON object or a JSON array is required here, representing the contents of one or more "${typeProp.name}" blocks.`,
      this.startRange(n),
    )
  }

  private block(typeProp: Prop, labels: readonly Label[], bodyNode: JsonNode, declRange: SourceRange, kind: BlockKind): Block {
    const typeRange = this.range(typeProp.key)
    const bodyRange = this.range(bodyNode)
    return {
      kind: 'block',
      type: typeProp.name,
      typeRange,
      labels,
      declRange,
      range: {filename: typeRange.filename, start: typeRange.start, end: bodyRange.end},
      body: this.body(bodyNode, kind, bodyRange),
    }
  }
}

function props(obj: JsonNode): Prop[] {
  const out: Prop[] = []
  for (const p of obj.children ?? []) {
    const key = p.children?.[0]
    if (p.type !== 'property' || !key) continue
    const name: unknown = key.value
    if (typeof name !== 'string') continue
    out.push({key, name, value: p.children?.[1]})
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------
// Values: JSON → hcl2json shape.

function convertValue(n: JsonNode, convert: Convert | undefined): Value {
  switch (convert) {
    case 'expr':
      if (n.type === 'string') return exprString(n)
      if (n.type === 'array') return (n.children ?? []).map((el) => (el.type === 'string' ? exprString(el) : jsonValue(el)))
      return jsonValue(n)
    case 'exprValues':
      return n.type === 'object' ? objectValue(n, (_, v) => (v.type === 'string' ? exprString(v) : jsonValue(v))) : jsonValue(n)
    case 'requiredProvider':
      return n.type === 'object'
        ? objectValue(n, (k, v) => convertValue(v, k === 'configuration_aliases' ? 'expr' : undefined))
        : jsonValue(n)
    case undefined:
      return jsonValue(n)
  }
}

/** A string Terraform reads as an expression (`"aws.west"`) in hcl2json form (`"${aws.west}"`); templates stay. */
function exprString(n: JsonNode): Value {
  const s: unknown = n.value
  if (typeof s !== 'string') return null
  if (s.includes('${') || s.includes('%{') || s.trim() === '') return s
  return '${' + s.trim() + '}'
}

function jsonValue(n: JsonNode): Value {
  switch (n.type) {
    case 'object':
      return objectValue(n, (_, v) => jsonValue(v))
    case 'array':
      return (n.children ?? []).map(jsonValue)
    case 'string': {
      const v: unknown = n.value
      return typeof v === 'string' ? v : null
    }
    case 'number': {
      const v: unknown = n.value
      return typeof v === 'number' && Number.isFinite(v) ? v : null
    }
    case 'boolean': {
      const v: unknown = n.value
      return typeof v === 'boolean' ? v : null
    }
    default:
      return null
  }
}

/** Object value with keys sorted like Go's encoding/json (byte-wise UTF-8 = code point order); first key wins. */
function objectValue(n: JsonNode, conv: (key: string, v: JsonNode) => Value): Value {
  const entries = new Map<string, Value>()
  for (const p of props(n)) {
    if (!p.value || entries.has(p.name)) continue
    entries.set(p.name, conv(p.name, p.value))
  }
  const keys = [...entries.keys()].sort(compareCodePoints)
  // Object.fromEntries defines own properties, so a key such as "__proto__" stays an ordinary key.
  return Object.fromEntries(keys.map((k) => [k, entries.get(k) ?? null]))
}

function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const ca = a.codePointAt(i) ?? 0
    const cb = b.codePointAt(i) ?? 0
    if (ca !== cb) return ca - cb
    if (ca > 0xffff) i++
  }
  return a.length - b.length
}

// ---------------------------------------------------------------------------------------------------------
// Syntax errors: jsonc-parser's error codes in HCL's wording (hashicorp/hcl json/parser.go).

const ERR = {
  InvalidSymbol: 1,
  InvalidNumberFormat: 2,
  PropertyNameExpected: 3,
  ValueExpected: 4,
  ColonExpected: 5,
  CommaExpected: 6,
  CloseBraceExpected: 7,
  CloseBracketExpected: 8,
  EndOfFileExpected: 9,
  InvalidCommentToken: 10,
  UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12,
  UnexpectedEndOfNumber: 13,
  InvalidUnicode: 14,
  InvalidEscapeCharacter: 15,
  InvalidCharacter: 16,
} as const

const VALUE_START = 'A JSON value must start with a brace, a bracket, a number, a string, or a keyword.'
const NO_COMMENTS = 'JSON does not permit comments. To add a comment, use a property named "//" in a block body.'

type Prev = 'start' | 'open' | 'key' | 'colon' | 'comma' | 'value'

/**
 * Re-runs the parser as a visitor to know the context of each error (container, previous token), and reports
 * the errors in HCL's wording. Token-local errors (bad strings, numbers, keywords, comments) are all reported;
 * of the structural errors only the first is, since what jsonc-parser reports after it is mostly its recovery.
 */
function syntaxDiagnostics(text: string, index: PositionIndex): Diagnostic[] {
  const s: SyntaxState = {
    text,
    index,
    out: [],
    stack: [],
    lastEnded: undefined,
    prev: 'start',
    lastComma: -1,
    lastLiteral: {offset: -1, length: 0},
    structural: false,
    afterSymbol: false,
    afterEquals: false,
    seenOffsets: new Set<number>(),
  }
  visit(text, {...tokenTracker(s), onError: (error, offset, length) => reportSyntaxError(s, error, offset, length)}, PARSE_OPTIONS)
  return s.out
}

/** What the syntax-error visitor knows at each error: the open containers, the previous token, what was reported. */
interface SyntaxState {
  readonly text: string
  readonly index: PositionIndex
  readonly out: Diagnostic[]
  readonly stack: {type: 'object' | 'array'; offset: number}[]
  lastEnded: {type: 'object' | 'array'; offset: number} | undefined
  prev: Prev
  lastComma: number
  lastLiteral: {offset: number; length: number}
  /** A structural error was reported: the ones after it are not. */
  structural: boolean
  /** An unknown token was skipped and nothing parsed since. */
  afterSymbol: boolean
  afterEquals: boolean
  readonly seenOffsets: Set<number>
}

/** The visitor's callbacks for tokens: each keeps the container stack and the previous token up to date. */
function tokenTracker(s: SyntaxState): JSONVisitor {
  const token = (p: Prev) => {
    s.prev = p
    s.afterSymbol = false
    s.afterEquals = false
  }
  return {
    onObjectBegin: (offset) => {
      s.stack.push({type: 'object', offset})
      token('open')
    },
    onObjectEnd: () => {
      s.lastEnded = s.stack.pop()
      token('value')
    },
    onArrayBegin: (offset) => {
      s.stack.push({type: 'array', offset})
      token('open')
    },
    onArrayEnd: () => {
      s.lastEnded = s.stack.pop()
      token('value')
    },
    onObjectProperty: () => token('key'),
    onLiteralValue: (_value, offset, length) => {
      s.lastLiteral = {offset, length}
      token('value')
    },
    onSeparator: (sep, offset) => {
      if (sep === ',') s.lastComma = offset
      token(sep === ',' ? 'comma' : 'colon')
    },
  }
}

const at = (s: SyntaxState, offset: number, length: number): SourceRange => s.index.range(offset, offset + length)

/** One error, unless it is structural and a structural error was already reported. */
function report(s: SyntaxState, summary: string, detail: string, range: SourceRange, isStructural: boolean): void {
  if (isStructural) {
    if (s.structural) return
    s.structural = true
  }
  s.out.push(errorDiag('hcl.json-syntax', summary, detail, range))
}

const inArray = (s: SyntaxState): boolean => s.stack[s.stack.length - 1]?.type === 'array'

/** The opening brace/bracket of the container that just ended unclosed. */
function openRange(s: SyntaxState): SourceRange {
  const c = s.lastEnded ?? s.stack[s.stack.length - 1]
  return c ? at(s, c.offset, 1) : at(s, s.text.length, 0)
}

/** A jsonc-parser error in HCL's words, from the error code and what comes before it. */
function reportSyntaxError(s: SyntaxState, error: number, offset: number, length: number): void {
  if (s.seenOffsets.has(offset) && error !== ERR.CloseBraceExpected && error !== ERR.CloseBracketExpected) return
  s.seenOffsets.add(offset)
  const ch = s.text.charAt(offset)
  const range = at(s, offset, Math.max(length, offset < s.text.length ? 1 : 0))
  switch (error) {
    case ERR.InvalidSymbol:
      return invalidSymbol(s, s.text.slice(offset, offset + length), range)
    case ERR.InvalidNumberFormat:
    case ERR.UnexpectedEndOfNumber:
      return report(s, 'Invalid JSON number', 'There is a syntax error in the given JSON number.', range, false)
    case ERR.UnexpectedEndOfString:
    case ERR.InvalidUnicode:
    case ERR.InvalidEscapeCharacter:
    case ERR.InvalidCharacter:
      return report(s, 'Invalid JSON string', 'There is a syntax error in the given JSON string.', range, false)
    case ERR.InvalidCommentToken:
    case ERR.UnexpectedEndOfComment:
      // HCL stops at the `/`; its message depends on what was expected there.
      if (s.prev === 'key') report(s, 'Missing property value colon', NO_COMMENTS, range, false)
      else if (s.prev === 'value') report(s, 'Missing attribute seperator comma', NO_COMMENTS, range, false)
      else report(s, 'Invalid start of value', NO_COMMENTS, range, false)
      return
    case ERR.PropertyNameExpected:
      return propertyNameExpected(s, ch, offset, range)
    case ERR.ValueExpected:
      return valueExpected(s, ch, offset, range)
    case ERR.ColonExpected:
      if (s.afterEquals) return
      if (ch === '}' || ch === ',')
        report(s, 'Missing object value', 'A JSON object attribute must have a value, introduced by a colon.', range, true)
      else report(s, 'Missing property value colon', "A colon must appear between an object property's name and its value.", range, true)
      return
    case ERR.CommaExpected:
      return commaExpected(s, ch, offset, length, range)
    case ERR.CloseBraceExpected:
      return report(s, 'Unclosed object', 'No closing brace was found for this JSON object.', openRange(s), true)
    case ERR.CloseBracketExpected:
      return report(s, 'Unclosed object', 'No closing bracket was found for this JSON array.', openRange(s), true)
    case ERR.EndOfFileExpected:
      return report(s, 'Extraneous data after value', 'Extra characters appear after the JSON value.', range, true)
    default:
      report(s, 'Invalid JSON', `The JSON text has a syntax error (code ${error}).`, range, true)
  }
}

/** An unknown token: data after the value, `=` for `:`, a bad keyword or number, or no value at all. */
function invalidSymbol(s: SyntaxState, tok: string, range: SourceRange): void {
  s.afterSymbol = true
  if (s.stack.length === 0 && s.prev === 'value') {
    report(s, 'Extraneous data after value', 'Extra characters appear after the JSON value.', range, true)
  } else if (tok === '=' && s.prev === 'key') {
    s.afterEquals = true
    report(s, 'Missing property value colon', 'JSON uses a colon as its name/value delimiter, not an equals sign.', range, true)
  } else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(tok)) {
    report(s, 'Invalid JSON keyword', keywordDetail(tok), range, false)
  } else if (/^[-+.0-9]/.test(tok)) {
    report(s, 'Invalid JSON number', 'There is a syntax error in the given JSON number.', range, false)
  } else {
    report(s, 'Invalid start of value', VALUE_START, range, false)
  }
}

/** No property name where one belongs: a trailing comma, a bracket closing an object, the end of the text. */
function propertyNameExpected(s: SyntaxState, ch: string, offset: number, range: SourceRange): void {
  if (s.afterSymbol) return
  if (ch === '}' && s.prev === 'comma') {
    report(
      s,
      'Trailing comma in object',
      'JSON does not permit a trailing comma after the final property in an object.',
      at(s, s.lastComma, 1),
      true,
    )
  } else if (ch === ']') {
    report(s, 'Mismatched braces', 'A JSON object must be closed with a brace, not a bracket.', range, true)
  } else if (offset >= s.text.length) {
    report(s, 'Unclosed object', 'No closing brace was found for this JSON object.', openRange(s), true)
  } else {
    report(s, 'Invalid object property name', 'A JSON object property name must be a string', range, true)
  }
}

/** No value where one belongs: the end of the text, a trailing comma in an array, a closing brace or bracket. */
function valueExpected(s: SyntaxState, ch: string, offset: number, range: SourceRange): void {
  if (s.afterSymbol) return
  if (offset >= s.text.length) report(s, 'Missing value', 'The JSON data ends prematurely.', range, true)
  else if (ch === ']' && s.prev === 'comma')
    report(
      s,
      'Trailing comma in array',
      'JSON does not permit a trailing comma after the final value in an array.',
      at(s, s.lastComma, 1),
      true,
    )
  else if (ch === ']') report(s, 'Missing array element value', VALUE_START, range, true)
  else if (ch === '}') report(s, 'Missing JSON value', VALUE_START, range, true)
  else report(s, 'Invalid start of value', VALUE_START, range, true)
}

/** No comma between values: a malformed number (`01`), mismatched brackets, or a missing separator. */
function commaExpected(s: SyntaxState, ch: string, offset: number, length: number, range: SourceRange): void {
  if (s.afterSymbol) return
  if (/[0-9]/.test(ch) && s.prev === 'value' && s.lastLiteral.offset + s.lastLiteral.length === offset) {
    // `01`: HCL reads the digits as one malformed number
    report(
      s,
      'Invalid JSON number',
      'There is a syntax error in the given JSON number.',
      at(s, s.lastLiteral.offset, s.lastLiteral.length + length),
      true,
    )
  } else if (inArray(s) && ch === '}')
    report(s, 'Mismatched brackets', 'A JSON array must be closed with a bracket, not a brace.', range, true)
  else if (!inArray(s) && ch === ']')
    report(s, 'Mismatched braces', 'A JSON object must be closed with a brace, not a bracket.', range, true)
  else if (inArray(s)) report(s, 'Missing attribute seperator comma', 'A comma must appear between each value in an array.', range, true)
  else report(s, 'Missing attribute seperator comma', 'A comma must appear between each property definition in an object.', range, true)
}

function keywordDetail(word: string): string {
  if (word === 'undefined' || word === 'NaN' || word === 'Infinity') return `The JavaScript identifier "${word}" cannot be used in JSON.`
  const suggestion = nameSuggestion(word, ['false', 'true', 'null'])
  return `"${word}" is not a valid JSON keyword.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`
}

/** Where a root value that is not there would have started: the first non-blank character, or the end. */
function firstTokenRange(text: string, index: PositionIndex): SourceRange {
  const m = /[^ \t\r\n]/.exec(text)
  if (!m) return index.range(text.length, text.length)
  return index.range(m.index, m.index + 1)
}

// ---------------------------------------------------------------------------------------------------------
// Positions: JS string offsets (UTF-16 code units) → line, column (code points), UTF-8 byte offset.

const CHECKPOINT = 64

/**
 * Converts string offsets to positions. Checkpoints every 64 code units keep each lookup short, whatever the
 * order of lookups and however long the lines (generated `.tf.json` is often one line).
 * A leading BOM takes 3 bytes and no column; `\r` takes a byte and no column (CRLF counts as one line break).
 */
class PositionIndex {
  private readonly lines: Int32Array
  private readonly columns: Int32Array
  private readonly bytes: Float64Array

  constructor(
    private readonly text: string,
    private readonly filename: string,
  ) {
    const count = Math.floor(text.length / CHECKPOINT) + 1
    this.lines = new Int32Array(count)
    this.columns = new Int32Array(count)
    this.bytes = new Float64Array(count)
    const st = {line: 1, column: 1, byte: 0}
    for (let i = 0; i <= text.length; i++) {
      if (i % CHECKPOINT === 0) {
        const k = i / CHECKPOINT
        this.lines[k] = st.line
        this.columns[k] = st.column
        this.bytes[k] = st.byte
      }
      if (i < text.length) this.step(i, st)
    }
  }

  private step(i: number, st: {line: number; column: number; byte: number}): void {
    const c = this.text.charCodeAt(i)
    if (c === 0x0a) {
      st.line++
      st.column = 1
      st.byte++
    } else if (c === 0x0d) {
      st.byte++
    } else if (c < 0x80) {
      st.column++
      st.byte++
    } else if (c < 0x800) {
      st.column++
      st.byte += 2
    } else if (c === 0xfeff && i === 0) {
      st.byte += 3
    } else if (c >= 0xd800 && c <= 0xdbff && isLow(this.text.charCodeAt(i + 1))) {
      st.column++
      st.byte += 4
    } else if (isLow(c) && i > 0 && isHigh(this.text.charCodeAt(i - 1))) {
      // second half of a pair: counted with the first
    } else {
      st.column++
      st.byte += 3
    }
  }

  pos(offset: number): Pos {
    const o = Math.max(0, Math.min(offset, this.text.length))
    const k = Math.floor(o / CHECKPOINT)
    const st = {line: this.lines[k] ?? 1, column: this.columns[k] ?? 1, byte: this.bytes[k] ?? 0}
    for (let i = k * CHECKPOINT; i < o; i++) this.step(i, st)
    return st
  }

  range(start: number, end: number): SourceRange {
    return {filename: this.filename, start: this.pos(start), end: this.pos(end)}
  }
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff
}
