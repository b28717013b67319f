// An edit that lands while the workspace is between awaits (a load of another directory yields to the event
// loop, and an editor's didChange is applied at once): the findings the workspace keeps are of the text they
// were found in, so once it is up to date they equal a fresh analysis of the final texts — the edited file's
// finding on its new line, never left on the old one with the root taken as current (#48, the carry).
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {openWorkspace, type Finding, type Workspace} from '../../src/lint/workspace.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'

const at = (rel: string): string => path.join(MEMORY_ROOT, ...rel.split('/'))
const ROOT = 'module "a" {\n  source = "../a"\n}\n\nmodule "b" {\n  source = "../b"\n}\n'
const TWO = 'resource "random_id" "r" {\n  byte_length = 4\n}\n'
const FILES: Record<string, string> = {
  'root/main.tf': ROOT,
  'a/x.tf': 'resource "null_resource" "n" {}\n',
  'b/one.tf': 'variable "v" {\n  default = 1\n}\n',
  'b/two.tf': TWO,
}
const EDITED = '# one\n# two\n' + TWO
const ONE = 'variable "v" {\n  default = 2\n}\n'

const shown = (fs: readonly Finding[]): string[] =>
  fs.map((f) => `${f.diagnostic.rule ?? f.diagnostic.summary} ${f.diagnostic.range?.start.line}:${f.diagnostic.range?.start.column}`).sort()

type Loads = {load: (d: string, o: object) => Promise<unknown>}

async function settle(ws: Workspace): Promise<void> {
  for (let i = 0; i < 5; i++) await ws.update()
}

for (const nth of [1, 2]) {
  test(`an edit landing during the ${nth}. load of another directory after a change ends with the fresh findings`, async () => {
    const ws = openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, FILES), env: {}})
    const fresh = openWorkspace(MEMORY_ROOT, {
      files: new MemorySource(MEMORY_ROOT, {...FILES, 'b/one.tf': ONE, 'b/two.tf': EDITED}),
      env: {},
    })
    try {
      await ws.update()
      for (const f of ['b/one.tf', 'a/x.tf', 'b/two.tf']) ws.setBuffer(at(f), FILES[f]!)
      await ws.update()
      assert.ok(
        ws.findings(at('b/two.tf')).some((f) => f.diagnostic.range?.start.line === 1),
        'the finding on two.tf is on its first line before the edit',
      )
      // the n-th load of a/ after the change below lets the edit of b/two.tf in, as a real didChange would
      const loads = (ws as unknown as {ctx: {loads: Loads}}).ctx.loads
      const load = loads.load.bind(loads)
      let seen = 0
      let injected = false
      loads.load = async (d, o) => {
        if (d === at('a') && ++seen === nth) {
          injected = true
          ws.setBuffer(at('b/two.tf'), EDITED)
        }
        return load(d, o)
      }
      ws.setBuffer(at('b/one.tf'), ONE)
      await settle(ws)
      await fresh.update()
      assert.ok(injected, 'the edit was let in during a load')
      assert.ok(ws.current(at('b/two.tf')))
      assert.equal(shown(ws.findings(at('b/two.tf'))), shown(fresh.findings(at('b/two.tf'))))
      assert.ok(
        shown(ws.findings(at('b/two.tf'))).some((s) => s.endsWith(' 3:1')),
        'the finding moved to line 3 with the two comment lines',
      )
    } finally {
      await ws.close()
      await fresh.close()
    }
  })
}

test.run()
