// Body merging for override files (Terraform's MergeBodies and the per-kind meta-argument rules).
// Pure functions over the unified syntax tree; the result keeps the ranges (and so the file) of
// whichever side each attribute or block came from.
import type {Attribute, Block, Body} from '../hcl/syntax.js'

export interface MergeOptions {
  /** Attribute names of the override that must not replace (handled elsewhere or ignored). */
  readonly skipAttributes?: ReadonlySet<string>
  /** Nested block types of the override that must not replace base blocks (handled elsewhere or ignored). */
  readonly skipBlocks?: ReadonlySet<string>
}

function blockKind(b: Block): string {
  return b.type === 'dynamic' ? (b.labels[0]?.value ?? '') : b.type
}

/**
 * Each override attribute replaces the base attribute of the same name; if the override has one or more
 * block of type T (or `dynamic "T"`), every base block of type T and every base `dynamic "T"` is
 * dropped and the override's are appended. No deep merge.
 */
export function mergeBodies(base: Body, override: Body, opts: MergeOptions = {}): Body {
  const skipA = opts.skipAttributes
  const skipB = opts.skipBlocks
  const overAttrs = override.attributes.filter((a) => !skipA?.has(a.name))
  // Replaced attributes keep their place; new ones are appended in the override's order.
  const byName = new Map(overAttrs.map((a) => [a.name, a]))
  const attributes: Attribute[] = base.attributes.map((a) => byName.get(a.name) ?? a)
  const baseNames = new Set(base.attributes.map((a) => a.name))
  attributes.push(...overAttrs.filter((a) => !baseNames.has(a.name)))
  const overBlocks = override.blocks.filter((b) => !skipB?.has(blockKind(b)) && !skipB?.has(b.type))
  const replaced = new Set(overBlocks.map(blockKind))
  const blocks: Block[] = base.blocks.filter((b) => !replaced.has(blockKind(b)))
  blocks.push(...overBlocks)
  return {attributes, blocks, range: base.range}
}

export function attr(body: Body, name: string): Attribute | undefined {
  return body.attributes.find((a) => a.name === name)
}

export function blocksOfType(body: Body, type: string): Block[] {
  return body.blocks.filter((b) => b.type === type)
}

/** Replaces (or adds) one attribute of a body. */
export function withAttribute(body: Body, a: Attribute): Body {
  return {...body, attributes: [...body.attributes.filter((x) => x.name !== a.name), a]}
}

export function withBlock(block: Block, body: Body): Block {
  return {...block, body}
}

/** True when an override actually sets the attribute (present in its body). */
export function sets(body: Body, name: string): boolean {
  return body.attributes.some((a) => a.name === name)
}
