// A burst of edits as an editor's messages bring them (#48): chunks of bytes, a message at times left
// partly read between two chunks, each edit applied when its message is handled. Given the editor's traffic
// (`UpdateOptions.traffic`), an update starts no analysis while a message is partly read or messages keep
// being read and handled: one analysis, of the last text, however many pauses the chunks leave between
// them (without it, every pause started an analysis, abandoned at the next edit, and the requests queued
// behind the burst waited for each). The findings at the end are those of a fresh analysis of the last text.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {openWorkspace, type EditorTraffic, type Finding} from '../../src/lint/workspace.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {Traffic} from '../../src/lsp/transport.js'

const at = (rel: string): string => path.join(MEMORY_ROOT, ...rel.split('/'))
const MAIN = 'resource "random_id" "r" {\n  byte_length = 4\n}\n'
const FILES: Record<string, string> = {'root/main.tf': MAIN}
/** The n-th edit: a resource using a provider configuration named after it, which no block declares (a finding naming it; the root is analysed again). */
const edit = (n: number): string => `${MAIN}\nresource "random_id" "e${n}" {\n  provider    = random.e${n}\n  byte_length = 4\n}\n`
const EDITS = 20
/** Turns of the event loop a message stays partly read: long enough for an analysis to start meanwhile. */
const PAUSE = 40

const shown = (fs: readonly Finding[]): string[] =>
  fs
    .map(
      (f) =>
        `${f.diagnostic.rule} ${f.diagnostic.range?.start.line}:${f.diagnostic.range?.start.column} ${f.diagnostic.summary} ${f.diagnostic.detail ?? ''}`,
    )
    .sort()

/** The traffic a reader of the wire reports: chunks read (a message left partly read, or not), messages handled. */
class Wire implements EditorTraffic {
  private n = 0
  private incomplete = false
  private waiting: (() => void)[] = []
  count(): number {
    return this.n
  }
  pending(): Promise<void> | undefined {
    return this.incomplete ? new Promise<void>((resolve) => this.waiting.push(resolve)) : undefined
  }
  chunk(incomplete: boolean): void {
    this.n++
    this.incomplete = incomplete
    for (const wake of this.waiting.splice(0)) wake()
  }
  handled(): void {
    this.n++
  }
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

test('edits arriving in chunks, with pauses inside messages, start one analysis: of the last text', async () => {
  const ws = openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, FILES), env: {}})
  const fresh = openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, {...FILES, 'root/main.tf': edit(EDITS)}), env: {}})
  try {
    await ws.update()
    ws.setBuffer(at('root/main.tf'), MAIN)
    await ws.update()
    const wire = new Wire()
    let started = 0
    // as the language server runs updates: one loop, going on while edits came in since it last looked
    let dirty = false
    let running: Promise<void> | undefined
    const change = (text: string): void => {
      ws.setBuffer(at('root/main.tf'), text)
      dirty = true
      running ??= (async () => {
        while (dirty) {
          dirty = false
          await ws.update({traffic: wire, progress: () => started++})
        }
        running = undefined
      })()
    }
    change(edit(0))
    for (let n = 1; n <= EDITS; n++) {
      // the first part of a message, then nothing for a few turns (the client writing the rest)
      wire.chunk(true)
      for (let i = 0; i < PAUSE; i++) await turn()
      // the rest, and the message handled on the next turn: the edit applied
      wire.chunk(false)
      await turn()
      change(edit(n))
      wire.handled()
      await turn()
    }
    while (running) await running
    await fresh.update()
    // one, after the last edit (21 without the traffic); a pause the machine stretches past the drain's
    // 100 ms bound may let one more start, so a loaded machine is allowed two more
    assert.ok(started >= 1 && started <= 3, `analyses started: ${started} (one expected; ${EDITS + 1} without the traffic)`)
    assert.ok(ws.current(at('root/main.tf')))
    const found = shown(ws.findings(at('root/main.tf')))
    assert.equal(found, shown(fresh.findings(at('root/main.tf'))))
    assert.ok(
      found.some((f) => f.includes(`e${EDITS}`)),
      `a finding names the last edit's alias: ${JSON.stringify(found)}`,
    )
  } finally {
    await ws.close()
    await fresh.close()
  }
})

test('without traffic, an update waits for edits alone (a message partly read does not hold it)', async () => {
  const ws = openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, FILES), env: {}})
  try {
    await ws.update()
    ws.setBuffer(at('root/main.tf'), edit(1))
    let started = 0
    await ws.update({progress: () => started++})
    assert.is(started, 1)
    assert.ok(ws.findings(at('root/main.tf')).some((f) => `${f.diagnostic.summary} ${f.diagnostic.detail}`.includes('random.e1')))
  } finally {
    await ws.close()
  }
})

test("the server's traffic: a message partly read holds an analysis until the next chunk, or the input's end", async () => {
  const t = new Traffic()
  assert.is(t.pending(), undefined, 'nothing partly read: nothing to wait for')
  t.read(true)
  const held = t.pending()
  assert.ok(held, 'a message partly read: wait for the rest')
  let woken = false
  void held.then(() => (woken = true))
  await turn()
  assert.not.ok(woken, 'still waiting before the next chunk')
  t.closed()
  await turn()
  assert.ok(woken, 'the input ended: the wait ends at once')
  assert.is(t.pending(), undefined, 'after the end no message is partly read')
  assert.is(t.count(), 2, 'each chunk read and the end counted')
})

test.run()
