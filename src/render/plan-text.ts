// `tfgraph providers --plan`: one line per planned change — action, address, the provider configuration,
// and where it lands (the configuration's own arguments, e.g. `region = "us-west-2"`).
import type {PlanJoin, PlannedChange} from '../providers/compare/plan.js'

/** `create`, `update`, `delete`, `replace` (delete and create in either order), `read`, `no-op`, `forget`. */
export function actionText(actions: readonly string[]): string {
  if (actions.includes('delete') && actions.includes('create')) return 'replace'
  return actions.join('+') || 'no-op'
}

function lands(c: PlannedChange): string {
  const args = Object.entries(c.arguments)
    .filter(([k]) => k !== 'alias')
    .map(([k, v]) => `${k} = ${v.text}`)
  return args.length > 0 ? args.join(', ') : 'no arguments'
}

export function renderPlanText(j: PlanJoin, planName: string): string {
  const counts = new Map<string, number>()
  for (const c of j.changes) counts.set(actionText(c.actions), (counts.get(actionText(c.actions)) ?? 0) + 1)
  const summary = [...counts].map(([a, n]) => `${n} ${a}`).join(', ')
  const lines = [`planned changes in ${planName}: ${j.changes.length} (${summary || 'none'})`]
  const width = Math.max(0, ...j.changes.map((c) => actionText(c.actions).length))
  for (const c of j.changes) {
    const action = actionText(c.actions).padEnd(width)
    if (c.providerConfig === null) lines.push(`  ${action}  ${c.address}  no configuration: ${c.reason ?? ''}`)
    else lines.push(`  ${action}  ${c.address}  ${c.providerConfig}${c.instanceKey !== undefined ? `[${c.instanceKey}]` : ''}  ${lands(c)}`)
  }
  return lines.join('\n') + '\n'
}
