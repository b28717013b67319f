// `tfgraph providers --state`: the objects of the state per provider configuration they were recorded
// under and where they land now; orphans apart, those whose configuration is gone first.
import type {MatchedObject, StateMatch} from '../state/match.js'

function objectLine(m: MatchedObject): string {
  const o = m.object
  const deposed = o.deposed ? ` (deposed ${o.deposed})` : ''
  const moved = m.movedFrom ? `, moved to ${m.configAddress}` : ''
  const keys = m.instance === 'unknown' ? ' (whether its instance keys are still declared is not known statically)' : ''
  switch (m.status) {
    case 'bound':
      return `    ${o.address}${deposed}${moved}${keys}`
    case 'rehomed':
      return `    ${o.address}${deposed}${moved}: re-homed to ${m.providerConfig ?? 'no configuration'}${keys}`
    case 'orphan':
      return `    ${o.address}${deposed}${m.providerConfig && m.providerConfig !== o.recordedText ? `: destroyed through ${m.providerConfig}` : ''}${m.removedBy ? ` (removed block${m.removedBy.destroy ? '' : ', destroy = false'})` : ''}`
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
