// An attribute read by tfgraph's own parser: its expression node is the model; its source text and its
// hcl2json-shaped value are computed from the file's text when something asks for them (a renderer, the
// differential tests), never for analysis. Plain attributes (JSON syntax, the reference parser) carry
// both as data.
import type {SourceRange} from '../../diag/diagnostic.js'
import type {Attribute, Value} from '../syntax.js'
import type {Expr} from './ast.js'
import {ValueBuilder} from './to-value.js'

/** One file's text, shared by its attributes, with the value builder made on first use. */
export class NativeSource {
  #values: ValueBuilder | undefined
  constructor(readonly text: string) {}

  get values(): ValueBuilder {
    return (this.#values ??= new ValueBuilder(this.text))
  }
}

export class NativeAttribute implements Attribute {
  readonly kind = 'attribute'
  readonly #source: NativeSource
  #value: {readonly v: Value} | undefined

  constructor(
    readonly name: string,
    readonly nameRange: SourceRange,
    readonly exprRange: SourceRange,
    readonly node: Expr,
    source: NativeSource,
  ) {
    this.#source = source
  }

  get expr(): string {
    return this.#source.text.slice(this.node.s, this.node.e)
  }

  get value(): Value {
    this.#value ??= {v: this.#source.values.attributeValue(this.node)}
    return this.#value.v
  }

  /** The same attribute with other ranges (a file reached under another name). */
  withRanges(nameRange: SourceRange, exprRange: SourceRange): NativeAttribute {
    return new NativeAttribute(this.name, nameRange, exprRange, this.node, this.#source)
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
