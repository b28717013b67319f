// Address strings as written or as another document carries them (a graph node's address in export data, the
// user's --resource text, a moved block's `from`, a stack component's address), read back in Terraform's address
// grammar (REFERENCE §a.2): steps separated by dots, a step's instance key `[…]` kept with it — a key may hold
// dots, brackets and quotes (`module.a["x.y"].aws_instance.b`), so the text is never simply split on '.'.

/** The steps of an address, each with its instance key: `module.a["x.y"].aws_instance.b` → module, a["x.y"], aws_instance, b. */
export function addressSteps(text: string): string[] {
  if (text === '') return []
  const out: string[] = []
  let cur = ''
  let depth = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      cur += c
      if (c === '\\' && i + 1 < text.length) cur += text[++i]!
      else if (c === '"') quoted = false
      continue
    }
    if (c === '"') quoted = true
    else if (c === '[') depth++
    else if (c === ']') depth = Math.max(0, depth - 1)
    else if (c === '.' && depth === 0) {
      out.push(cur)
      cur = ''
      continue
    }
    cur += c
  }
  out.push(cur)
  return out
}

/** A step without its instance keys: `b["x.y"]` → `b`. */
function stepName(step: string): string {
  const i = step.indexOf('[')
  return i < 0 ? step : step.slice(0, i)
}

/**
 * An address cut after its leading module calls: the calls (`module.a["x.y"]`, each with its key) and the
 * steps after them with their keys dropped. A call is taken only when something follows it, so a module's own
 * address (`module.a.module.b`) keeps its last call in `local`.
 */
export function resourceAddressParts(text: string): {calls: string[]; local: string[]} {
  const steps = addressSteps(text)
  const {calls, end} = callsAtStart(steps, 1)
  return {calls, local: steps.slice(end).map(stepName)}
}

/** The module calls `steps` starts with, each with its key (`module.a[0]`), leaving at least `keep` steps after them; and where they end. */
function callsAtStart(steps: readonly string[], keep: number): {calls: string[]; end: number} {
  const calls: string[] = []
  let i = 0
  while (steps[i] === 'module' && i + 1 + keep < steps.length) {
    calls.push(`module.${steps[i + 1]}`)
    i += 2
  }
  return {calls, end: i}
}

/** The module calls an address starts with, each with its key (`module.a[0].module.b` → module.a[0], module.b); the rest of its steps after them. */
export function leadingModuleCalls(text: string): {calls: string[]; rest: string[]} {
  const steps = addressSteps(text)
  const {calls, end} = callsAtStart(steps, 0)
  return {calls, rest: steps.slice(end)}
}

/** Whether the address names a module (its last step is a module call: `module.a`, `module.a.module.b["k"]`). */
export function isModuleCallAddress(text: string): boolean {
  const steps = addressSteps(text)
  return steps.length >= 2 && steps[steps.length - 2] === 'module'
}

/** A module's address without its last call (`module.a.module.b` → `module.a`, `module.a` → ''); other text unchanged. */
export function parentModuleText(text: string): string {
  if (!isModuleCallAddress(text)) return text
  return addressSteps(text).slice(0, -2).join('.')
}

/** The last module call of a module's address, with its key: `module.a.module.b["x.y"]` → `module.b["x.y"]`. */
export function lastModuleCall(text: string): string {
  return addressSteps(text).slice(-2).join('.')
}

/** The last `n` steps of an address, with their keys: `module.a.data.aws_ami.x`, 3 → `data.aws_ami.x`. */
export function lastSteps(text: string, n: number): string {
  return addressSteps(text).slice(-n).join('.')
}
