// Values of the root module's input variables, as Terraform would take them without prompting:
// terraform.tfvars(.json), *.auto.tfvars(.json) in lexical order, then -var-file, then -var.
import {utf8Text, type FileSource} from '../io/inputs.js'
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {diagnosticFromParserError} from '../hcl/parse-native.js'
import type {NativeParser} from '../hcl/native-parser.js'
import {checkNesting} from '../hcl/nesting-limit.js'
import type {Value} from '../hcl/syntax.js'
import {isRecord, toValue} from '../hcl/value.js'
import {literalValue} from '../hcl/expr.js'
import {osErrorCode, osErrorText} from '../diag/os-error.js'

export interface VariableInputs {
  /** `-var-file` paths (relative to the working directory). */
  readonly varFiles?: readonly string[]
  /** `-var` assignments `NAME=VALUE`; the value is taken as a string. */
  readonly vars?: readonly string[]
}

/** What reading variable files needs: the run's file source and parser. */
export interface VariablesContext {
  readonly files: FileSource
  readonly parser: NativeParser
}

async function readVarsFile(
  ctx: VariablesContext,
  file: string,
  display: string,
  out: Map<string, Value>,
  diags: Diagnostic[],
): Promise<void> {
  let text: string
  try {
    text = utf8Text(ctx.files.read(file))
  } catch (e) {
    const p = {line: 1, column: 1, byte: 0}
    diags.push(
      errorDiag(
        'variable.file-unreadable',
        'Failed to read variables file',
        osErrorCode(e) === 'ENOENT' || osErrorCode(e) === undefined
          ? `Given variables file ${display} does not exist or cannot be read.`
          : `Given variables file ${display} cannot be read: ${osErrorText(e)}.`,
        {filename: display, start: p, end: p},
      ),
    )
    return
  }
  if (!file.endsWith('.json')) {
    // through the parse cache like configuration files: a warm run starts no parser for them either
    const parsed = await ctx.parser.parse(text, display)
    if (parsed.diagnostics.some((d) => d.severity === 'error')) {
      diags.push(...parsed.diagnostics)
      return
    }
    // a tfvars file holds literal values (Terraform: "Variables not allowed" for anything else)
    for (const a of parsed.file.body.attributes) {
      const v = literalValue(a.node)
      if (v !== undefined) out.set(a.name, v)
    }
    return
  }
  const tooDeep = checkNesting(text, display, 'json')
  if (tooDeep) {
    diags.push(tooDeep)
    return
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    diags.push(diagnosticFromParserError(e instanceof Error ? e.message : String(e), display, text))
    return
  }
  if (!isRecord(raw)) return
  for (const [k, v] of Object.entries(raw)) out.set(k, toValue(v))
}

export async function rootVariableValues(
  ctx: VariablesContext,
  rootDir: string,
  inputs: VariableInputs = {},
): Promise<{values: Map<string, Value>; diagnostics: Diagnostic[]}> {
  const values = new Map<string, Value>()
  const diagnostics: Diagnostic[] = []
  for (const name of ['terraform.tfvars', 'terraform.tfvars.json']) {
    const f = path.join(rootDir, name)
    if (ctx.files.stat(f) !== null) await readVarsFile(ctx, f, name, values, diagnostics)
  }
  let names: string[] = []
  try {
    names = ctx.files
      .list(rootDir)
      .map((e) => e.name)
      .filter((n) => n.endsWith('.auto.tfvars') || n.endsWith('.auto.tfvars.json'))
  } catch {
    names = []
  }
  for (const name of names.sort()) await readVarsFile(ctx, path.join(rootDir, name), name, values, diagnostics)
  for (const f of inputs.varFiles ?? []) await readVarsFile(ctx, path.resolve(f), f, values, diagnostics)
  for (const assignment of inputs.vars ?? []) {
    const eq = assignment.indexOf('=')
    if (eq <= 0) {
      diagnostics.push(
        errorDiag(
          'variable.invalid-option',
          'Invalid -var option',
          `The given -var option ${JSON.stringify(assignment)} is not correctly specified. It must be a variable name and value separated by an equals sign, like -var="key=value".`,
        ),
      )
      continue
    }
    values.set(assignment.slice(0, eq).trim(), assignment.slice(eq + 1))
  }
  return {values, diagnostics}
}
