// An attribute read by tfgraph's own parser: its expression node is the model; its ranges, source text and
// hcl2json-shaped value are computed from the file's text when something asks for them (a diagnostic, a
// renderer, the differential tests). Plain attributes (JSON syntax, the reference parser) carry them as data.
import type {SourceRange} from '../../diag/diagnostic.js'
import type {Attribute, Value} from '../syntax.js'
import type {Expr} from './ast.js'
import type {Positions} from './positions.js'
import {ValueBuilder} from './to-value.js'

/** One file's text and positions, shared by its attributes, with the value builder made on first use. */
export class NativeSource {
  #values: ValueBuilder | undefined
  constructor(
    readonly text: string,
    readonly positions: Positions,
  ) {}

  get values(): ValueBuilder {
    return (this.#values ??= new ValueBuilder(this.text))
  }

  /** A range of the file under the name given (a file reached under another name keeps its text). */
  range(filename: string, s: number, e: number): SourceRange {
    const r = this.positions.range(s, e)
    return r.filename === filename ? r : {filename, start: r.start, end: r.end}
  }
}

export class NativeAttribute implements Attribute {
  readonly kind = 'attribute'
  readonly #source: NativeSource
  readonly #filename: string
  readonly #nameS: number
  readonly #nameE: number
  #value: {readonly v: Value} | undefined

  constructor(
    readonly name: string,
    nameS: number,
    nameE: number,
    readonly node: Expr,
    source: NativeSource,
    filename: string,
  ) {
    this.#source = source
    this.#filename = filename
    this.#nameS = nameS
    this.#nameE = nameE
  }

  get nameRange(): SourceRange {
    return this.#source.range(this.#filename, this.#nameS, this.#nameE)
  }

  get exprRange(): SourceRange {
    return this.#source.range(this.#filename, this.node.s, this.node.e)
  }

  /** The file it is in (its ranges' `filename`), without computing a range. */
  get filename(): string {
    return this.#filename
  }

  get expr(): string {
    return this.#source.text.slice(this.node.s, this.node.e)
  }

  get value(): Value {
    this.#value ??= {v: this.#source.values.attributeValue(this.node)}
    return this.#value.v
  }

  /** The same attribute in a file reached under another name. */
  withFilename(filename: string): NativeAttribute {
    return new NativeAttribute(this.name, this.#nameS, this.#nameE, this.node, this.#source, filename)
  }

  /** Plain data (for a worker's message or a cache entry): every field computed. */
  toJSON(): Attribute {
    return {
      kind: 'attribute',
      name: this.name,
      nameRange: this.nameRange,
      exprRange: this.exprRange,
      expr: this.expr,
      node: this.node,
      value: this.value,
    }
  }
}

/** The file an attribute is in (`exprRange.filename`), without computing a position when it is tfgraph's parser's. */
export function attributeFilename(a: Attribute): string {
  return a instanceof NativeAttribute ? a.filename : a.exprRange.filename
}
