// A small reader for HCL native expressions, enough for type expressions and literal defaults: calls,
// traversals, tuples, objects and literals; operators, conditionals, templates and `for` are kept opaque.
import type {Value} from '../../hcl/syntax.js'
import {ExprSyntaxError, tokenizeExpr, type ExprToken} from '../../hcl/expr-tokens.js'

export type Expr =
  | {readonly k: 'literal'; readonly value: Value; readonly keyword?: 'true' | 'false' | 'null'; readonly quoted?: boolean}
  | {readonly k: 'traversal'; readonly root: string; readonly steps: number}
  | {readonly k: 'call'; readonly name: string; readonly args: readonly Expr[]}
  | {readonly k: 'tuple'; readonly items: readonly Expr[]}
  | {readonly k: 'object'; readonly items: readonly {readonly key: Expr; readonly forced: boolean; readonly value: Expr}[]}
  | {readonly k: 'paren'; readonly inner: Expr}
  | {readonly k: 'opaque'; readonly src: string}

/** The end of the tokens. */
interface Eof {
  readonly kind: 'eof'
  readonly text: ''
  readonly from: number
  readonly to: number
}

type Token = ExprToken | Eof

const BINARY_OPS = new Set(['==', '!=', '<=', '>=', '&&', '||', '+', '-', '*', '/', '%', '<', '>', '?'])

export class Parser {
  private readonly toks: Token[]
  private pos = 0
  constructor(private readonly src: string) {
    this.toks = [...tokenizeExpr(src, {strict: true}), {kind: 'eof', text: '', from: src.length, to: src.length}]
  }

  parseWhole(): Expr {
    this.skipNL()
    const e = this.parseExpr()
    this.skipNL()
    if (this.peek().kind !== 'eof') throw new ExprSyntaxError('extra tokens')
    return e
  }

  private peek(): Token {
    return this.toks[this.pos] as Token
  }
  private next(): Token {
    const t = this.peek()
    if (t.kind !== 'eof') this.pos++
    return t
  }
  private skipNL(): boolean {
    let saw = false
    while (this.peek().kind === 'nl') {
      this.pos++
      saw = true
    }
    return saw
  }
  private isPunct(text: string): boolean {
    const t = this.peek()
    return t.kind === 'punct' && t.text === text
  }
  private expect(text: string): Token {
    this.skipNL()
    const t = this.next()
    if (t.kind !== 'punct' || t.text !== text) throw new ExprSyntaxError(`expected ${text}`)
    return t
  }

  private parseExpr(): Expr {
    const start = this.peek().from
    const first = this.parseUnary()
    const save = this.pos
    this.skipNL()
    const t = this.peek()
    if (!(t.kind === 'punct' && BINARY_OPS.has(t.text))) {
      this.pos = save
      return first
    }
    // Operators and conditionals are not evaluated: consume the rest of the expression as opaque text.
    while (true) {
      const save2 = this.pos
      this.skipNL()
      const op = this.peek()
      if (!(op.kind === 'punct' && BINARY_OPS.has(op.text))) {
        this.pos = save2
        break
      }
      this.next()
      this.skipNL()
      if (op.text === '?') {
        this.parseExpr()
        this.expect(':')
        this.skipNL()
      }
      this.parseUnary()
    }
    const end = (this.toks[this.pos - 1] as Token).to
    return {k: 'opaque', src: this.src.slice(start, end)}
  }

  private parseUnary(): Expr {
    const t = this.peek()
    if (t.kind === 'punct' && (t.text === '-' || t.text === '!')) {
      this.next()
      this.skipNL()
      const inner = this.parseUnary()
      if (t.text === '-' && inner.k === 'literal' && typeof inner.value === 'number') return {k: 'literal', value: -inner.value}
      return {k: 'opaque', src: this.src.slice(t.from, (this.toks[this.pos - 1] as Token).to)}
    }
    return this.parsePostfix()
  }

  private parsePostfix(): Expr {
    const start = this.peek().from
    let e = this.parsePrimary()
    let steps = 0
    while (true) {
      if (this.isPunct('.')) {
        this.next()
        const t = this.next()
        if (!(t.kind === 'ident' || t.kind === 'number' || (t.kind === 'punct' && t.text === '*')))
          throw new ExprSyntaxError('bad attribute')
        steps++
      } else if (this.isPunct('[')) {
        this.next()
        this.skipNL()
        if (this.isPunct('*')) this.next()
        else this.parseExpr()
        this.expect(']')
        steps++
      } else break
    }
    if (steps === 0) return e
    if (e.k === 'traversal') e = {k: 'traversal', root: e.root, steps: e.steps + steps}
    else e = {k: 'opaque', src: this.src.slice(start, (this.toks[this.pos - 1] as Token).to)}
    return e
  }

  private skipBalanced(open: string, close: string): void {
    // The opening bracket has been consumed.
    let depth = 1
    while (depth > 0) {
      const t = this.next()
      if (t.kind === 'eof') throw new ExprSyntaxError('unbalanced')
      if (t.kind === 'punct' && t.text === open) depth++
      else if (t.kind === 'punct' && t.text === close) depth--
    }
  }

  private parsePrimary(): Expr {
    const t = this.next()
    switch (t.kind) {
      case 'number':
        return {k: 'literal', value: Number(t.text)}
      case 'string':
      case 'heredoc':
        return t.template ? {k: 'opaque', src: t.text} : {k: 'literal', value: t.literal ?? '', quoted: true}
      case 'ident': {
        if (t.text === 'true' || t.text === 'false') return {k: 'literal', value: t.text === 'true', keyword: t.text}
        if (t.text === 'null') return {k: 'literal', value: null, keyword: 'null'}
        let name = t.text
        while (this.isPunct('::')) {
          this.next()
          const part = this.next()
          if (part.kind !== 'ident') throw new ExprSyntaxError('bad function name')
          name += '::' + part.text
        }
        if (this.isPunct('(')) {
          this.next()
          const args: Expr[] = []
          this.skipNL()
          while (!this.isPunct(')')) {
            args.push(this.parseExpr())
            this.skipNL()
            if (this.isPunct('...')) {
              this.next()
              this.skipNL()
            }
            if (this.isPunct(',')) {
              this.next()
              this.skipNL()
            } else if (!this.isPunct(')')) throw new ExprSyntaxError('expected , or )')
          }
          this.next()
          return {k: 'call', name, args}
        }
        if (name.includes('::')) throw new ExprSyntaxError('namespaced name without call')
        return {k: 'traversal', root: name, steps: 0}
      }
      case 'punct':
        if (t.text === '(') {
          this.skipNL()
          const inner = this.parseExpr()
          this.expect(')')
          return {k: 'paren', inner}
        }
        if (t.text === '[') {
          this.skipNL()
          const f = this.peek()
          if (f.kind === 'ident' && f.text === 'for') {
            this.skipBalanced('[', ']')
            return {k: 'opaque', src: this.src.slice(t.from, (this.toks[this.pos - 1] as Token).to)}
          }
          const items: Expr[] = []
          while (!this.isPunct(']')) {
            items.push(this.parseExpr())
            this.skipNL()
            if (this.isPunct(',')) {
              this.next()
              this.skipNL()
            } else if (!this.isPunct(']')) throw new ExprSyntaxError('expected , or ]')
          }
          this.next()
          return {k: 'tuple', items}
        }
        if (t.text === '{') {
          this.skipNL()
          const f = this.peek()
          if (f.kind === 'ident' && f.text === 'for') {
            this.skipBalanced('{', '}')
            return {k: 'opaque', src: this.src.slice(t.from, (this.toks[this.pos - 1] as Token).to)}
          }
          const items: {key: Expr; forced: boolean; value: Expr}[] = []
          while (!this.isPunct('}')) {
            const key = this.parseExpr()
            this.skipNL()
            const sep = this.next()
            if (!(sep.kind === 'punct' && (sep.text === '=' || sep.text === ':'))) throw new ExprSyntaxError('expected = or :')
            this.skipNL()
            const value = this.parseExpr()
            items.push({key: key.k === 'paren' ? key.inner : key, forced: key.k === 'paren', value})
            const sawNL = this.skipNL()
            if (this.isPunct(',')) {
              this.next()
              this.skipNL()
            } else if (!sawNL && !this.isPunct('}')) throw new ExprSyntaxError('expected , or newline or }')
          }
          this.next()
          return {k: 'object', items}
        }
        throw new ExprSyntaxError(`unexpected ${t.text}`)
      default:
        throw new ExprSyntaxError('unexpected end')
    }
  }
}
