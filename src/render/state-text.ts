// `tfgraph providers --state`: the objects of the state per provider configuration they were recorded
// under and where they land now; orphans apart, those whose configuration is gone first.
import type {StateDiff} from '../state/diff.js'
import type {MatchedObject, StateMatch} from '../state/match.js'

function objectLine(m: MatchedObject): string {
  const o = m.object
  const deposed = o.deposed ? ` (deposed ${o.deposed})` : ''
  const moved = m.movedFrom ? `, moved to ${m.configAddress?.key}` : ''
  const keys = m.instance === 'unknown' ? ' (whether its instance keys are still declared is not known statically)' : ''
  switch (m.status) {
    case 'bound':
      return `    ${o.address}${deposed}${moved}${keys}`
    case 'rehomed':
      return `    ${o.address}${deposed}${moved}: re-homed to ${m.providerConfig?.key ?? 'no configuration'}${keys}`
    case 'orphan':
      return `    ${o.address}${deposed}${m.providerConfig && m.providerConfig.key !== o.recordedText ? `: destroyed through ${m.providerConfig.key}` : ''}${m.removedBy ? ` (removed block${m.removedBy.destroy ? '' : ', destroy = false'})` : ''}`
    case 'orphan-configuration-missing':
      return `    ${o.address}${deposed}${m.removedBy ? ` (removed block${m.removedBy.destroy ? '' : ', destroy = false'})` : ''}`
  }
}

function group(title: string, objects: readonly MatchedObject[]): string[] {
  const byConfig = new Map<string, MatchedObject[]>()
  for (const m of objects) {
    const list = byConfig.get(m.object.recordedText)
    if (list) list.push(m)
    else byConfig.set(m.object.recordedText, [m])
  }
  const lines = objects.length > 0 ? [title] : []
  for (const [config, ms] of [...byConfig].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    lines.push(`  ${config} (${ms.length} object${ms.length === 1 ? '' : 's'})`, ...ms.map(objectLine))
  return lines
}

export function renderStateText(s: StateMatch, name: string): string {
  const all = s.objects
  const declared = all.filter((m) => m.status === 'bound' || m.status === 'rehomed')
  const orphans = all.filter((m) => m.status === 'orphan')
  const missing = all.filter((m) => m.status === 'orphan-configuration-missing')
  const version = s.state.terraformVersion ? `, written by ${s.state.terraformVersion}` : ''
  const lines = [
    `state ${name} (serial ${s.state.serial}${version}): ${all.length} object${all.length === 1 ? '' : 's'}, ${declared.length} declared, ${orphans.length + missing.length} orphaned${missing.length > 0 ? `, ${missing.length} whose provider configuration is gone` : ''}`,
    ...group('declared, by the configuration the state recorded:', declared),
    ...group('orphans (no longer declared): Terraform destroys them through the configuration recorded:', orphans),
    ...group('orphans whose provider configuration is gone (terraform plan fails: see the errors):', missing),
  ]
  return lines.join('\n') + '\n'
}

const objectsText = (n: number): string => `${n} object${n === 1 ? '' : 's'}`

/** `providers diff --state`: one line per configuration the change removes while objects still need it, then the re-homed objects. */
export function renderStateDiffLines(d: StateDiff): string[] {
  const lines: string[] = []
  for (const o of d.orphaned) {
    const shown =
      o.objects
        .slice(0, 3)
        .map((a) => a.key)
        .join(', ') + (o.objects.length > 3 ? ` and ${o.objects.length - 3} more` : '')
    lines.push(
      `removes ${o.providerConfig}, which ${objectsText(o.objects.length)} of the state still use${o.objects.length === 1 ? 's' : ''} (${shown}): terraform plan fails ("Provider configuration not present") until they are destroyed or removed from the state`,
    )
  }
  for (const r of d.rehomed)
    lines.push(
      `moves ${r.address.key} of the state from ${r.before?.key ?? 'no configuration'} to ${r.after?.key ?? 'no configuration'}: Terraform reads and changes it through the new one`,
    )
  if (d.alreadyMissing > 0)
    lines.push(
      `${objectsText(d.alreadyMissing)} of the state already need${d.alreadyMissing === 1 ? 's' : ''} a configuration the old revision does not have`,
    )
  if (lines.length === 0) lines.push(`no object of the state loses its provider configuration or moves to another one`)
  return lines
}
