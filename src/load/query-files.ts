// Terraform's query files (`*.tfquery.hcl`, `*.tfquery.json`; Terraform 1.14 and later, read by `terraform
// query` and `terraform validate -query`): `list` blocks that name the provider configuration they read
// through, beside provider, variable and locals blocks that join the module's (internal/configs/
// query_file.go loadQueryFile and decodeQueryListBlock at v1.16.0-rc2). What one file's blocks say on their
// own; appending them to the module is the builder's (build-module.ts).
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Block, ConfigFile} from '../hcl/syntax.js'
import {BAD_IDENTIFIER_DETAIL} from './action-blocks.js'
import {bodySchemaProblems} from './body-schema.js'

/** The top-level blocks a query file may hold. */
export const QUERY_FILE_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  list: ['type', 'name'],
  provider: ['name'],
  locals: [],
  variable: ['name'],
}

const LIST_ATTRIBUTES = ['count', 'for_each', 'provider', 'include_resource', 'limit']
const VALID_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u

/** A list block's decode errors; `keep` is false when Terraform leaves it out of the file (any error). */
export function listBlockProblems(b: Block): {diagnostics: Diagnostic[]; keep: boolean} {
  const out: Diagnostic[] = []
  if (!b.body.attributes.some((a) => a.name === 'provider'))
    out.push(
      errorDiag(
        'query.missing-provider',
        'Missing "provider" attribute',
        'You must specify a provider attribute when defining a list block.',
        b.declRange,
      ),
    )
  const name = b.labels[1]?.value ?? ''
  if (!VALID_IDENTIFIER.test(name)) out.push(errorDiag('query.invalid-name', 'Invalid list block name', BAD_IDENTIFIER_DETAIL, b.declRange))
  const count = b.body.attributes.find((a) => a.name === 'count')
  const forEach = b.body.attributes.find((a) => a.name === 'for_each')
  if (count && forEach)
    out.push(
      errorDiag(
        'config.conflicting-meta-arguments',
        'Invalid combination of "count" and "for_each"',
        'The "count" and "for_each" meta-arguments are mutually-exclusive.',
        forEach.nameRange,
      ),
    )
  out.push(...bodySchemaProblems(b.body, {attributes: LIST_ATTRIBUTES, blocks: ['config']}))
  const configs = b.body.blocks.filter((x) => x.type === 'config')
  for (const extra of configs.slice(1))
    out.push(
      errorDiag(
        'query.duplicate-config',
        'Duplicate config block',
        'A list block must contain only one nested "config" block.',
        extra.declRange,
      ),
    )
  return {diagnostics: out, keep: !out.some((d) => d.severity === 'error')}
}

/** The blocks of one query file its schema admits (the others reported), in file order. */
export function queryFileBlocks(file: ConfigFile): {blocks: Block[]; diagnostics: Diagnostic[]} {
  const diagnostics = bodySchemaProblems(file.body, {attributes: [], blocks: Object.keys(QUERY_FILE_BLOCKS)})
  return {blocks: file.body.blocks.filter((b) => Object.hasOwn(QUERY_FILE_BLOCKS, b.type)), diagnostics}
}
