// Run by workspace-concurrency.test.ts in a child process (a livelock in microtasks would stop the test
// process's own timers): two requests analyse one root at once while an edit arrives mid-analysis, at
// several delays. Prints one line per delay, then `ok`.
import * as path from 'node:path'
import {openWorkspace} from '../../src/lint/workspace.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'

const files: Record<string, string> = {}
for (let i = 0; i < 200; i++) files[`root/m${i}.tf`] = `resource "null_resource" "r${i}" {}\nvariable "v${i}" {\n  type = string\n}\n`
const file = path.join(MEMORY_ROOT, 'root', 'm0.tf')

async function main(): Promise<void> {
  for (const delay of [1, 2, 5, 10, 20, 40]) {
    const ws = openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, files), env: {}})
    try {
      const a = ws.analysesOf(file)
      const b = ws.analysesOf(file)
      setTimeout(() => ws.setBuffer(file, `${files['root/m0.tf']}# edited\n`), delay)
      const [x, y] = await Promise.all([a, b])
      // both requests end with an analysis; the update after them sees the edit
      await ws.update()
      const edited = (await ws.analysesOf(file, {fresh: false}))[0]
      console.log(`delay ${delay}: ${x.length} ${y.length} ${edited ? 'analysed' : 'missing'}`)
    } finally {
      await ws.close()
    }
  }
  console.log('ok')
}

void main()
