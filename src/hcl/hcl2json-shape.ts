// The JSON document @cdktf/hcl2json returns for a file, rebuilt from a parsed body: how the differential
// tests compare the two parsers (and what `--parser hcl2json` is checked against).
import type {Body, Value} from './syntax.js'

/**
 * hcl2json's shape of a body: blocks nested by type then labels, each name holding an array of bodies in
 * source order; attributes after blocks (an attribute overwrites a block of the same name).
 */
export function bodyToHcl2json(body: Body): Record<string, Value> {
  const out: Record<string, Value> = {}
  for (const b of body.blocks) {
    let node: Record<string, Value> = out
    let key = b.type
    for (const label of b.labels) {
      const next = node[key]
      if (next === undefined || next === null || typeof next !== 'object' || Array.isArray(next)) {
        const fresh: Record<string, Value> = {}
        node[key] = fresh
        node = fresh
      } else node = next as Record<string, Value>
      key = label.value
    }
    const inner = bodyToHcl2json(b.body)
    const current = node[key]
    node[key] = Array.isArray(current) ? [...(current as readonly Value[]), inner] : [inner]
  }
  for (const a of body.attributes) out[a.name] = a.value
  return out
}
