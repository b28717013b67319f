// One stack configuration file's body (stackconfig's DecodeFileBody): the `language` edition, then every
// block in file order, each decoded and added to the file's declarations. The blocks that declare or pass a
// provider configuration (component, provider, removed) are the stack rows of the run's file-site table
// (src/load/file-sites.ts): their labels are the rows', a row this decoder does not know is checked by its
// own `decode` and kept nowhere.
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {keywordOf} from '../../hcl/expr.js'
import type {Body} from '../../hcl/syntax.js'
import {bodySchemaProblems, labelProblems, type BodySchema} from '../body-schema.js'
import {BUILTIN_FILE_SITES, fileSitesOf, type FileSite} from '../file-sites.js'
import {
  decodeComponent,
  decodeEmbeddedStack,
  decodeLocals,
  decodeOutput,
  decodeProviderConfig,
  decodeRemoved,
  decodeVariable,
} from './decode-blocks.js'
import {decodeRequirements} from './decode-requirements.js'
import type {DecodeContext} from './decode-source.js'
import {Declarations} from './declarations.js'

const LANGUAGE_EDITION = 'TFStack2023'

/** The stack's own blocks that are not rows of the file-site table, with their labels. */
const OWN: Readonly<Record<string, readonly string[]>> = {
  stack: ['name'],
  variable: ['name'],
  locals: [],
  output: ['name'],
  required_providers: [],
}

/** stackconfig's rootConfigSchema order (a misspelt block's suggestion takes the first of equally near names); rows after. */
const SCHEMA_ORDER = ['stack', 'component', 'variable', 'locals', 'output', 'provider', 'required_providers', 'removed']

/** The blocks of a stack file with their labels, and the rows among them by keyword. */
function stackSchema(table: readonly FileSite[]): {labels: Map<string, readonly string[]>; rows: Map<string, FileSite>} {
  // Terraform is the engine of Stacks; its rows are in every release tfgraph follows
  const rows = new Map(fileSitesOf(table, 'stack', 'terraform', '99.0.0').map((r) => [r.keyword, r] as const))
  const labels = new Map<string, readonly string[]>([
    ...Object.entries(OWN),
    ...[...rows.values()].map((r) => [r.keyword, r.labels] as const),
  ])
  const rank = (k: string): number => (SCHEMA_ORDER.includes(k) ? SCHEMA_ORDER.indexOf(k) : SCHEMA_ORDER.length)
  return {labels: new Map([...labels].sort((a, b) => rank(a[0]) - rank(b[0]))), rows}
}

/** The file's declarations; `ctx.diags` gets its problems. */
export function decodeStackFile(body: Body, ctx: DecodeContext): Declarations {
  const diags = ctx.diags
  const d = new Declarations()
  const schema = stackSchema(ctx.sites ?? BUILTIN_FILE_SITES)
  const root: BodySchema = {attributes: ['language'], blocks: [...schema.labels.keys()]}
  diags.push(...bodySchemaProblems(body, root))
  const language = body.attributes.find((a) => a.name === 'language')
  if (language) {
    const edition = keywordOf(language.node)
    if (edition !== LANGUAGE_EDITION) {
      const newer = edition?.startsWith('TFStack') ? '\n\nThis stack configuration might be intended for a newer version of Terraform.' : ''
      // no source range in Terraform's diagnostic; tfgraph's own locates it
      diags.push({
        ...errorDiag(
          'stack.invalid-language',
          'Invalid language edition',
          `If you declare an explicit language edition then it must currently be the keyword ${LANGUAGE_EDITION}, because no other editions are supported.${newer}`,
        ),
        extra: {range: language.exprRange},
      })
      return d
    }
  }
  const exprs = d.expressions
  for (const b of body.blocks) {
    const labels = schema.labels.get(b.type)
    if (!labels) continue // reported by the schema check
    const labelDiags = labelProblems(b, labels)
    if (labelDiags.length > 0) {
      diags.push(...labelDiags)
      continue
    }
    const decode = schema.rows.get(b.type)?.decode
    if (decode) diags.push(...decode(b).diagnostics)
    else decodeBlock(b, d, ctx, exprs)
  }
  return d
}

function decodeBlock(b: Body['blocks'][number], d: Declarations, ctx: DecodeContext, exprs: Declarations['expressions']): void {
  const diags: Diagnostic[] = ctx.diags
  switch (b.type) {
    case 'component': {
      const c = decodeComponent(b, ctx, exprs)
      if (c) d.addComponent(c, diags)
      return
    }
    case 'stack': {
      const s = decodeEmbeddedStack(b, ctx, exprs)
      if (s) d.addEmbeddedStack(s, diags)
      return
    }
    case 'variable': {
      const v = decodeVariable(b, diags)
      if (v) d.addVariable(v, diags)
      return
    }
    case 'locals':
      for (const a of decodeLocals(b, diags, exprs)) d.addLocal(a, diags)
      return
    case 'output': {
      const o = decodeOutput(b, diags, exprs)
      if (o) d.addOutput(o, diags)
      return
    }
    case 'provider': {
      const p = decodeProviderConfig(b, diags, exprs)
      if (p) d.addProviderConfig(p, diags)
      return
    }
    case 'required_providers':
      d.addRequiredProviders(decodeRequirements(b, ctx), diags, true)
      return
    case 'removed': {
      const r = decodeRemoved(b, ctx, exprs)
      if (r) d.addRemoved(r, diags)
      return
    }
  }
}
