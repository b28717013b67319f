// The label `graph --format html` draws beside a node, computed when the page is written (graph-html.ts, and
// graph-layout.ts to size its box): the viewer reads it from the page's data and never makes it. It reads the
// export graph (src/export/model.ts), the document `graph --format json` prints, where a node's address is text
// by definition; the short name is that text's last two steps, read by src/addrs (a key may hold dots).
import {lastSteps} from '../addrs/address-text.js'
import type {PageNodeKind} from './graph-page-geometry.js'

/** The label the page draws beside a node: its short name (`module.network`, `aws.east`); the panel shows the full address. */
export function pageLabel(n: {
  readonly kind: PageNodeKind
  readonly address: string
  readonly label: string
  readonly attributes: Readonly<Record<string, unknown>>
}): string {
  if (n.kind === 'module') {
    const name = n.attributes['name']
    if (typeof name === 'string') return `module.${name}`
    if (n.attributes['stack'] === true) return 'stack'
    return n.address === '' ? 'root module' : lastSteps(n.address, 2)
  }
  return n.label.split('\n')[0] || n.address
}
