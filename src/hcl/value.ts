// Narrowing of parser output (unknown) into Value, and small helpers over Value.
import type {Value} from './syntax.js'

export function isRecord(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Narrows parser output to a Value; anything unrepresentable becomes null. */
export function toValue(v: unknown): Value {
  if (v === null || v === undefined) return null
  if (typeof v === 'string' || typeof v === 'boolean') return v
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (Array.isArray(v)) return v.map(toValue)
  if (isRecord(v)) {
    const out: Record<string, Value> = {}
    for (const k of Object.keys(v).sort()) out[k] = toValue(v[k])
    return out
  }
  return null
}

/** True when a value is an expression (hcl2json renders non-literals as `${…}` strings). */
export function isExpression(v: Value): v is string {
  return typeof v === 'string' && v.startsWith('${') && v.endsWith('}')
}

/** `"${aws.west}"` → `aws.west`; other strings unchanged. */
export function unwrapExpression(v: string): string {
  return isExpression(v) ? v.slice(2, -1).trim() : v
}

/** A literal string value (not an expression), or undefined. */
export function literalString(v: Value | undefined): string | undefined {
  if (typeof v !== 'string') return undefined
  return v.includes('${') ? undefined : v
}

/** Whether a string (a JSON string's content) holds a template sequence, `${…}` or `%{…}`: it is then no literal. */
export function hasTemplateSequence(s: string): boolean {
  return s.includes('${') || s.includes('%{')
}
