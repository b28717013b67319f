// One stack configuration file's body (stackconfig's DecodeFileBody): the `language` edition, then every
// block in file order, each decoded and added to the file's declarations.
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {keywordOf} from '../../hcl/expr.js'
import type {Body} from '../../hcl/syntax.js'
import {bodySchemaProblems, labelProblems, type BodySchema} from '../body-schema.js'
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

const LABELS: Readonly<Record<string, readonly string[]>> = {
  stack: ['name'],
  component: ['name'],
  variable: ['name'],
  locals: [],
  output: ['name'],
  provider: ['type', 'name'],
  required_providers: [],
  removed: [],
}

const ROOT: BodySchema = {attributes: ['language'], blocks: Object.keys(LABELS)}

/** The file's declarations; `ctx.diags` gets its problems. */
export function decodeStackFile(body: Body, ctx: DecodeContext): Declarations {
  const diags = ctx.diags
  const d = new Declarations()
  diags.push(...bodySchemaProblems(body, ROOT))
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
    const labels = LABELS[b.type]
    if (!labels) continue // reported by the schema check
    const labelDiags = labelProblems(b, labels)
    if (labelDiags.length > 0) {
      diags.push(...labelDiags)
      continue
    }
    decodeBlock(b, d, ctx, exprs)
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
