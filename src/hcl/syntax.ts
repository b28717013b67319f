// The unified syntax tree shared by the native-syntax and JSON-syntax readers.
import type {SourceRange} from '../diag/diagnostic.js'
import type {Expr} from './native/ast.js'

/**
 * A value in the shape `@cdktf/hcl2json` returns: literals as JSON values, every
 * non-literal expression as a `"${…}"` string (its source text), nested blocks as arrays of objects.
 */
export type Value = null | boolean | number | string | readonly Value[] | {readonly [key: string]: Value}

/**
 * An attribute (`name = expr`): its ranges, its expression's syntax tree (`node`; spans are offsets into
 * the file's text, from `node.s` where `expr` starts), its raw source text, and its hcl2json-shaped value.
 * Analysis reads `node` (through src/hcl/expr.ts); `value` is for what prints or compares values in
 * hcl2json's shape, and tfgraph's own parser computes it only when asked.
 */
export interface Attribute {
  readonly kind: 'attribute'
  readonly name: string
  readonly nameRange: SourceRange
  /** Range of the expression after `=` (for JSON syntax: the JSON value). */
  readonly exprRange: SourceRange
  /** Raw source text of the expression (for JSON syntax: the JSON text of the value). */
  readonly expr: string
  /**
   * The expression. JSON syntax gives the same node kinds, as HCL's JSON body does: strings are templates
   * (or, for arguments Terraform reads as references and keywords, expressions), arrays tuples, objects objects.
   */
  readonly node: Expr
  readonly value: Value
}

export interface Label {
  readonly value: string
  readonly range: SourceRange
}

export interface Block {
  readonly kind: 'block'
  readonly type: string
  readonly typeRange: SourceRange
  readonly labels: readonly Label[]
  /** Terraform's DeclRange: from the type name to the end of the last label. */
  readonly declRange: SourceRange
  /** The whole block, header to closing brace. */
  readonly range: SourceRange
  readonly body: Body
}

export interface Body {
  /** Attributes in source order (names are unique within a body). */
  readonly attributes: readonly Attribute[]
  /** Nested blocks in source order. */
  readonly blocks: readonly Block[]
  /** Range of the body contents (inside the braces; the whole file for a file body). */
  readonly range: SourceRange
}

export interface ConfigFile {
  /** The file's path as its ranges name it (a module's files: the absolute path). */
  readonly filename: string
  readonly syntax: 'native' | 'json'
  readonly body: Body
}
