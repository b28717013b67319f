// Starting hcl2json ourselves: the custom section that keeps the main thread's baseline-only module
// apart from the workers' is valid WebAssembly, and the inflated module is kept in the cache directory.
import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {startHcl2json, withCustomSection} from '../../src/hcl/hcl2json-start.js'

const EMPTY_MODULE = Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])

test('a custom section keeps the module valid and makes its bytes differ', () => {
  const marked = withCustomSection(EMPTY_MODULE, 'tfgraph:liftoff-only')
  assert.ok(WebAssembly.validate(marked))
  assert.ok(marked.length > EMPTY_MODULE.length)
  const sections = WebAssembly.Module.customSections(new WebAssembly.Module(marked), 'tfgraph:liftoff-only')
  assert.is(sections.length, 1)
  // a long name needs a multi-byte length (LEB128)
  const long = withCustomSection(EMPTY_MODULE, 'x'.repeat(300))
  assert.is(WebAssembly.Module.customSections(new WebAssembly.Module(long), 'x'.repeat(300)).length, 1)
})

test('the parser starts, parses, and keeps its inflated module in the cache directory', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-wasm-'))
  try {
    const parse = await startHcl2json(dir, false)
    assert.equal(await parse('main.tf', 'a = 1\n'), {a: 1})
    await parse('bad.tf', 'a = \n').then(
      () => assert.unreachable('a syntax error rejects'),
      (e: unknown) => assert.match(String(e), /bad\.tf:1/),
    )
    assert.equal(readdirSync(path.join(dir, 'wasm')).filter((n) => n.endsWith('.wasm')).length, 1)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
