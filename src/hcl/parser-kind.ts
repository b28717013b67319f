// Which parser reads native-syntax files: tfgraph's own (src/hcl/native, the default) or the reference,
// @cdktf/hcl2json (`--parser hcl2json`, TFGRAPH_PARSER=hcl2json), kept as the oracle the tests compare with.

export const PARSER_KINDS = ['tfgraph', 'hcl2json'] as const
export type ParserKind = (typeof PARSER_KINDS)[number]

export function isParserKind(v: unknown): v is ParserKind {
  return v === 'tfgraph' || v === 'hcl2json'
}

/** TFGRAPH_PARSER when it names a parser; otherwise the default, tfgraph's own. */
export function parserKindFromEnv(env: NodeJS.ProcessEnv = process.env): ParserKind {
  const v = env['TFGRAPH_PARSER']
  return isParserKind(v) ? v : 'tfgraph'
}
