// Deployment files (`.tfdeploy.hcl`), which HCP Terraform reads beside a stack's configuration: their
// `deployment`, `deployment_group`, `deployment_auto_approve`, `identity_token`, `store`, `publish_output`,
// `upstream_input`, `orchestrate` and `locals` blocks are HCP Terraform's, not Terraform's, so tfgraph
// checks only their syntax and reads what each deployment's `inputs` pass to the stack's variables.
import {objectItemsOf, objectKeyName, partRange} from '../../hcl/expr.js'
import type {Body} from '../../hcl/syntax.js'
import type {Deployment} from './model.js'

export function deploymentsOf(body: Body): Deployment[] {
  const out: Deployment[] = []
  for (const b of body.blocks) {
    if (b.type !== 'deployment' || b.labels.length !== 1) continue
    const inputs = b.body.attributes.find((a) => a.name === 'inputs')
    const items = inputs ? (objectItemsOf(inputs.node) ?? []) : []
    const names: {name: string; range: ReturnType<typeof partRange>}[] = []
    for (const it of items) {
      const name = objectKeyName(it)
      if (name !== undefined && inputs) names.push({name, range: partRange(inputs, it.key)})
    }
    out.push({name: b.labels[0]!.value, inputs: names, block: b, declRange: b.declRange})
  }
  return out
}
