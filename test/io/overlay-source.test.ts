// OverlaySource: buffers over a source, nothing written, inputs unchanged until a change is told.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {OverlaySource} from '../../src/io/overlay-source.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {utf8Text, type FileSource, type StatKind} from '../../src/io/inputs.js'

const at = (rel: string): string => path.join(MEMORY_ROOT, rel)
const fresh = (): {base: MemorySource; o: OverlaySource} => {
  const base = new MemorySource(MEMORY_ROOT, {'main.tf': 'disk\n', 'm/a.tf': 'a\n'})
  return {base, o: new OverlaySource(base)}
}

test('a buffer is read instead of the file; a new one appears in its listing; dropping it shows the source again', () => {
  const {base, o} = fresh()
  o.set(at('main.tf'), 'buffer\n')
  assert.is(utf8Text(o.read(at('main.tf'))), 'buffer\n')
  assert.is(utf8Text(base.read(at('main.tf'))), 'disk\n', 'the source is untouched')
  o.set(at('new.tf'), 'new\n')
  assert.equal(
    o
      .list(MEMORY_ROOT)
      .map((e) => e.name)
      .sort(),
    ['m', 'main.tf', 'new.tf'],
  )
  assert.is(o.stat(at('new.tf')), 'file')
  o.set(at('fresh/dir/x.tf'), 'x\n')
  assert.is(o.stat(at('fresh')), 'dir', 'a directory holding only a buffer')
  o.drop(at('main.tf'))
  o.drop(at('new.tf'))
  assert.is(utf8Text(o.read(at('main.tf'))), 'disk\n')
  assert.is(o.stat(at('new.tf')), null)
})

test('recorded inputs stay unchanged until a change of their path is told', async () => {
  const {o} = fresh()
  const {inputs} = await o.record(async () => {
    o.read(at('m/a.tf'))
    o.list(at('m'))
    return 1
  })
  assert.equal(inputs.map((i) => `${i.kind} ${path.relative(MEMORY_ROOT, i.path)}`).sort(), ['dir m', 'file m/a.tf'])
  assert.ok(o.unchanged(inputs))
  o.set(at('main.tf'), 'other file\n')
  assert.ok(o.unchanged(inputs), 'another path changed')
  o.set(at('m/a.tf'), 'edited\n')
  assert.not.ok(o.unchanged(inputs), 'its file changed')
  const again = await o.record(async () => o.read(at('m/a.tf')))
  assert.ok(o.unchanged(again.inputs), 'read after the change')
  o.changedOnDisk([at('m/b.tf')])
  assert.not.ok(o.unchanged(inputs.filter((i) => i.kind === 'dir')), 'a file created on disk changes its directory listing')
  assert.equal(
    o
      .changedSince(again.inputs[0]!.stamp === undefined ? 0 : Number(again.inputs[0]!.stamp))
      .map((p) => path.relative(MEMORY_ROOT, p))
      .sort(),
    ['m', 'm/b.tf'],
  )
})

test('remembering: stat, realpath and list ask the source once per path, again after a change of it or of a directory above it is told', () => {
  const base = new MemorySource(MEMORY_ROOT, {'main.tf': 'disk\n', 'm/a.tf': 'a\n'})
  const asked: string[] = []
  const counting: FileSource = {
    read: (p) => base.read(p),
    list: (p) => (asked.push(`list ${path.relative(MEMORY_ROOT, p)}`), base.list(p)),
    stat: (p): StatKind | null => (asked.push(`stat ${path.relative(MEMORY_ROOT, p)}`), base.stat(p)),
    realpath: (p) => (asked.push(`real ${path.relative(MEMORY_ROOT, p)}`), base.realpath(p)),
    record: (fn) => base.record(fn),
    note: () => undefined,
    unchanged: () => true,
  }
  const o = new OverlaySource(counting, {remember: true})
  for (let i = 0; i < 3; i++) {
    assert.is(o.stat(at('m/a.tf')), 'file')
    assert.is(o.stat(at('m/gone.tf')), null)
    assert.is(o.realpath(at('m')), at('m'))
    assert.equal(
      o.list(at('m')).map((e) => e.name),
      ['a.tf'],
    )
    assert.throws(() => o.list(at('none')))
  }
  assert.equal(asked, ['stat m/a.tf', 'stat m/gone.tf', 'real m', 'list m', 'list none'])
  o.changedOnDisk([at('m/a.tf')])
  o.stat(at('m/a.tf'))
  o.stat(at('m/gone.tf'))
  o.list(at('m'))
  assert.equal(asked.slice(5), ['stat m/a.tf', 'list m'], "only the path told changed is asked again, and its directory's listing")
  o.set(at('m/b.tf'), 'b\n')
  assert.equal(
    o.list(at('m')).map((e) => e.name),
    ['a.tf', 'b.tf'],
    'a buffer appears in a remembered listing',
  )
  o.changedOnDisk([at('m')])
  o.stat(at('m/a.tf'))
  o.stat(at('m/gone.tf'))
  o.realpath(at('m'))
  assert.equal(asked.slice(8), ['stat m/a.tf', 'stat m/gone.tf', 'real m'], 'a directory told changed: everything below it too')
  // without remember, every stat goes to the source
  const plain = new OverlaySource(counting)
  asked.length = 0
  plain.stat(at('main.tf'))
  plain.stat(at('main.tf'))
  assert.is(asked.length, 2)
})

test.run()
