// How provider messages name a module: its address, or "the root module".
import type {ModuleNode} from '../../crawl/crawl.js'

export function moduleText(n: ModuleNode): string {
  return n.addr.isRoot ? 'the root module' : n.addr.key
}
