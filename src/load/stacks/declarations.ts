// The declarations of one stack file, and of the stack its files merge into (stackconfig/declarations.go):
// each kind keyed as Terraform keys it, with its duplicate checks and their texts. Two of Terraform's texts
// are kept as they are although they read oddly ("An component", and the duplicate provider configuration's
// detail, which gives the local name as the configuration's name and the name as the provider's); the
// diagnostic's explanation says what is meant.
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag, formatRange} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import type {Attribute} from '../../hcl/syntax.js'
import type {
  EmbeddedStackCall,
  StackComponent,
  StackOutput,
  StackProviderConfig,
  StackRemoved,
  StackRequirements,
  StackVariable,
} from './model.js'

/** hcl.Range's String() of a zero range (an empty required_providers block has no DeclRange). */
function rangeText(r: SourceRange | undefined): string {
  return r ? formatRange(r) : ':0,0-0'
}

/** `stack.a.component.b` / `stack.a.stack.b`: the key of a removed block's target (its indexes left out). */
export function removedTargetKey(r: StackRemoved): string {
  const parts = r.fromStack.map((s) => `stack.${s.name}`)
  if (r.fromComponent) parts.push(`component.${r.fromComponent.name}`)
  return parts.join('.')
}

export class Declarations {
  readonly components = new Map<string, StackComponent>()
  readonly embeddedStacks = new Map<string, EmbeddedStackCall>()
  readonly variables = new Map<string, StackVariable>()
  readonly locals = new Map<string, Attribute>()
  readonly outputs = new Map<string, StackOutput>()
  requiredProviders: StackRequirements | undefined
  readonly providerConfigs = new Map<string, Omit<StackProviderConfig, 'provider'>>()
  /** Removed blocks by target key (`component.a`, `stack.s.component.a`, `stack.s`), in the order added. */
  readonly removedComponents = new Map<string, StackRemoved[]>()
  readonly removedStacks = new Map<string, StackRemoved[]>()
  /** Attributes Terraform evaluates, in file order. */
  readonly expressions: Attribute[] = []

  addComponent(c: StackComponent, diags: Diagnostic[]): void {
    const existing = this.components.get(c.name)
    if (existing) {
      diags.push({
        ...errorDiag(
          'stack.duplicate-declaration',
          'Duplicate component declaration',
          `An component named ${goQuote(c.name)} was already declared at ${formatRange(existing.declRange)}.`,
          c.declRange,
        ),
      })
      return
    }
    for (const r of this.removedComponents.get(`component.${c.name}`) ?? []) {
      if (r.fromComponent?.index !== undefined) continue
      diags.push(componentExists(c.name, c.declRange, r.declRange))
      return
    }
    this.components.set(c.name, c)
  }

  addEmbeddedStack(s: EmbeddedStackCall, diags: Diagnostic[]): void {
    const existing = this.embeddedStacks.get(s.name)
    if (existing) {
      diags.push(
        errorDiag(
          'stack.duplicate-declaration',
          'Duplicate embedded stack call',
          `An embedded stack call named ${goQuote(s.name)} was already declared at ${formatRange(existing.declRange)}.`,
          s.declRange,
        ),
      )
      return
    }
    for (const r of this.removedStacks.get(`stack.${s.name}`) ?? []) {
      if (r.fromStack[0]?.index !== undefined) continue
      diags.push(stackExists(s.name, s.declRange, r.declRange))
      return
    }
    this.embeddedStacks.set(s.name, s)
  }

  addVariable(v: StackVariable, diags: Diagnostic[]): void {
    this.addNamed(this.variables, v.name, v, v.declRange, 'Duplicate input variable declaration', 'An input variable', diags)
  }

  addOutput(o: StackOutput, diags: Diagnostic[]): void {
    this.addNamed(this.outputs, o.name, o, o.declRange, 'Duplicate output value declaration', 'An output value', diags)
  }

  addLocal(a: Attribute, diags: Diagnostic[]): void {
    this.addNamed(this.locals, a.name, a, a.nameRange, 'Duplicate local value declaration', 'A local value', diags)
  }

  private addNamed<T extends StackVariable | StackOutput | Attribute>(
    map: Map<string, T>,
    name: string,
    value: T,
    at: SourceRange,
    summary: string,
    what: string,
    diags: Diagnostic[],
  ): void {
    const existing = map.get(name)
    if (existing) {
      const range = 'declRange' in existing ? existing.declRange : existing.nameRange
      diags.push(
        errorDiag(
          'stack.duplicate-declaration',
          summary,
          `${what} named ${goQuote(name)} was already declared at ${formatRange(range)}.`,
          at,
        ),
      )
      return
    }
    map.set(name, value)
  }

  /** Terraform's check; `report` false where Terraform drops the diagnostic (merging files). */
  addRequiredProviders(r: StackRequirements, diags: Diagnostic[], report: boolean): boolean {
    if (this.requiredProviders) {
      if (report)
        diags.push(
          errorDiag(
            'stack.duplicate-required-providers',
            'Duplicate provider requirements',
            `This stack's provider requirements were already declared at ${rangeText(this.requiredProviders.declRange)}.`,
            r.declRange,
          ),
        )
      return false
    }
    this.requiredProviders = r
    return true
  }

  addProviderConfig(p: Omit<StackProviderConfig, 'provider'>, diags: Diagnostic[]): void {
    const key = `${p.localName}.${p.name}`
    const existing = this.providerConfigs.get(key)
    if (existing) {
      diags.push({
        ...errorDiag(
          'stack.duplicate-provider-config',
          'Duplicate provider configuration',
          `An configuration named ${goQuote(p.localName)} for provider ${goQuote(p.name)} was already declared at ${formatRange(existing.declRange)}.`,
          p.declRange,
        ),
        extra: {
          explanation: `provider "${p.localName}" "${p.name}" is declared twice: a configuration named "${p.name}" of the provider with local name "${p.localName}" (Terraform's text gives the two the other way round).`,
        },
      })
      return
    }
    this.providerConfigs.set(key, p)
  }

  addRemoved(r: StackRemoved, diags: Diagnostic[]): void {
    const key = removedTargetKey(r)
    if (r.fromComponent) {
      const c = r.fromStack.length === 0 && r.fromComponent.index === undefined ? this.components.get(r.fromComponent.name) : undefined
      if (c) {
        diags.push(componentExists(r.fromComponent.name, c.declRange, r.declRange))
        return
      }
      this.removedComponents.set(key, [...(this.removedComponents.get(key) ?? []), r])
      return
    }
    const only = r.fromStack.length === 1 ? r.fromStack[0] : undefined
    const s = only && only.index === undefined ? this.embeddedStacks.get(only.name) : undefined
    if (only && s) {
      diags.push(stackExists(only.name, s.declRange, r.declRange))
      return
    }
    this.removedStacks.set(key, [...(this.removedStacks.get(key) ?? []), r])
  }

  /** Declarations.merge: another file's declarations added, in Terraform's order of kinds. */
  merge(other: Declarations, diags: Diagnostic[]): void {
    for (const s of other.embeddedStacks.values()) this.addEmbeddedStack(s, diags)
    for (const rs of other.removedStacks.values()) for (const r of rs) this.addRemoved(r, diags)
    for (const c of other.components.values()) this.addComponent(c, diags)
    for (const v of other.variables.values()) this.addVariable(v, diags)
    for (const l of other.locals.values()) this.addLocal(l, diags)
    for (const o of other.outputs.values()) this.addOutput(o, diags)
    if (other.requiredProviders) this.addRequiredProviders(other.requiredProviders, diags, false)
    for (const p of other.providerConfigs.values()) this.addProviderConfig(p, diags)
    for (const rs of other.removedComponents.values()) for (const r of rs) this.addRemoved(r, diags)
    this.expressions.push(...other.expressions)
  }
}

function componentExists(name: string, componentRange: SourceRange, removedRange: SourceRange): Diagnostic {
  return errorDiag(
    'stack.removed-target-exists',
    'Component exists for removed block',
    `A removed block for component ${goQuote(name)} was declared without an index, but a component block with the same name was declared at ${formatRange(componentRange)}.\n\nA removed block without an index indicates that the component and all instances were removed from the configuration, and this is not the case.`,
    removedRange,
  )
}

function stackExists(name: string, stackRange: SourceRange, removedRange: SourceRange): Diagnostic {
  return errorDiag(
    'stack.removed-target-exists',
    'Stack exists for removed block',
    `A removed block for stack ${goQuote(name)} was declared without an index, but a stack block with the same name was declared at ${formatRange(stackRange)}.\n\nA removed block without an index indicates that the stack and all instances were removed from the configuration, and this is not the case.`,
    removedRange,
  )
}
