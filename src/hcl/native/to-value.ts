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

  /** The value of an attribute's expression (null where hcl2json's conversion fails: a lone null in a directive). */
  attributeValue(x: Expr): Value {
    try {
      return this.value(x)
    } catch (e) {
      if (e instanceof NullTemplate) return null
      throw e
    }
  }

  private value(x: Expr): Value {
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

  private tryPart(x: Expr): string | undefined {
    try {
      return this.part(x)
    } catch (e) {
      if (e instanceof NullTemplate) return undefined
      throw e
    }
  }

  private template(t: TemplateExpr): string {
    if (t.parts.length === 1 && t.parts[0]!.k === 'lit') {
      if (t.parts[0].v === null) throw new NullTemplate()
      return this.part(t.parts[0])
    }
    let out = ''
    for (const p of t.parts) out += this.part(p)
    return out
  }

  private part(x: Expr): string {
    switch (x.k) {
      case 'lit':
        // a number as its exact decimal text (cty's conversion), not as a double prints
        return typeof x.v === 'number' ? decimalText(this.text.slice(x.s, x.e)) : stringOf(x.v)
      case 'tmpl':
        return this.template(x)
      case 'wrap':
        return this.part(x.inner)
      case 'cond': {
        // a branch holding a template that is only a null interpolation fails to convert: hcl2json then
        // drops the whole directive (true branch) or the else part (false branch)
        const then = this.tryPart(x.then)
        if (then === undefined) return ''
        let out = '%{if ' + this.source(x.cond) + '}' + then
        const otherwise = this.tryPart(x.else) ?? ''
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

/** A template that is exactly a null literal: HCL fails to evaluate it, and hcl2json's conversion with it. */
class NullTemplate extends Error {}

/** A literal piece of a template, written back as template text: `${` and `%{` escaped as `$${` and `%%{`. */
function stringOf(v: string | number | boolean | null | undefined): string {
  if (typeof v === 'string') return v.includes('{') ? v.replaceAll('${', () => '$${').replaceAll('%{', () => '%%{') : v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return v === null ? 'null' : ''
}

/** A number literal's exact value as plain decimal text: `1e3` → `1000`, `1.50` → `1.5`, `1.5e-7` → `0.00000015`. */
export function decimalText(raw: string): string {
  const m = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(raw)
  if (!m) return raw
  const frac = m[2] ?? ''
  let digits = (m[1]! + frac).replace(/^0+/, '')
  if (digits.length === 0) return '0'
  let exp = Number(m[3] ?? '0') - frac.length
  // trailing zeros of the digits move into the exponent
  const trimmed = digits.replace(/0+$/, '')
  exp += digits.length - trimmed.length
  digits = trimmed
  if (exp >= 0) return digits + '0'.repeat(exp)
  const point = digits.length + exp
  return point > 0 ? digits.slice(0, point) + '.' + digits.slice(point) : '0.' + '0'.repeat(-point) + digits
}
