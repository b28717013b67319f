// An expression's value in the shape @cdktf/hcl2json gives it, so the loader reads the same values from
// either parser: literals as JSON values, tuples and objects element by element, quoted strings decoded,
// every other expression as `${…}` around its source text. Templates are rebuilt piece by piece
// (`%{if}`/`%{for}` directives included) and literal text keeps its template escapes (`$${`, `%%{`), so
// the result reads back as the same template. One of its quirks is kept on purpose: an expression followed
// directly by `)` takes that parenthesis into its text.
import type {Value} from '../syntax.js'
import type {Expr, TemplateExpr} from './ast.js'

export class ValueBuilder {
  constructor(private readonly text: string) {}

  private source(x: Expr): string {
    const e = this.text.charCodeAt(x.e) === 41 ? x.e + 1 : x.e
    return this.text.slice(x.s, e)
  }

  private wrap(x: Expr): string {
    return '${' + this.source(x) + '}'
  }

  value(x: Expr): Value {
    switch (x.k) {
      case 'lit':
        return x.v === undefined ? null : x.v
      case 'unary':
        if (x.operand.k === 'lit') {
          const v = x.operand.v
          if (x.op === '-' && typeof v === 'number') return -v
          if (x.op === '!' && typeof v === 'boolean') return !v
        }
        return this.wrap(x)
      case 'tmpl':
        return this.template(x)
      case 'wrap':
        return this.value(x.inner)
      case 'tuple':
        return x.items.map((i) => this.value(i))
      case 'object': {
        const out: Record<string, Value> = {}
        for (const item of x.items) out[this.key(item.key)] = this.value(item.value)
        return out
      }
      default:
        return this.wrap(x)
    }
  }

  private template(t: TemplateExpr): string {
    if (t.parts.length === 1 && t.parts[0]!.k === 'lit') return stringOf(t.parts[0]!.v)
    let out = ''
    for (const p of t.parts) out += this.part(p)
    return out
  }

  private part(x: Expr): string {
    switch (x.k) {
      case 'lit':
        return stringOf(x.v)
      case 'tmpl':
        return this.template(x)
      case 'wrap':
        return this.part(x.inner)
      case 'cond': {
        let out = '%{if ' + this.source(x.cond) + '}' + this.part(x.then)
        const otherwise = this.part(x.else)
        if (otherwise.length > 0) out += '%{else}' + otherwise
        return out + '%{endif}'
      }
      case 'tfor':
        return (
          '%{for ' + (x.keyVar ? x.keyVar + ', ' : '') + x.valVar + ' in ' + this.source(x.coll) + '}' + this.part(x.body) + '%{endfor}'
        )
      default:
        return this.wrap(x)
    }
  }

  private key(x: Expr): string {
    if (x.k === 'trav') return this.source(x)
    return this.part(x)
  }
}

/** A literal piece of a template, written back as template text: `${` and `%{` escaped as `$${` and `%%{`. */
function stringOf(v: string | number | boolean | null | undefined): string {
  if (typeof v === 'string') return v.includes('{') ? v.replaceAll('${', () => '$${').replaceAll('%{', () => '%%{') : v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return ''
}
