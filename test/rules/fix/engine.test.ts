// The fix engine's pieces: which fixes of a pass are taken (overlapping and touching edits wait; inserted
// entries at one place join), fixes of one group from several roots merged (or the lowest rank), byte-exact
// application, terraform fmt's alignment of the chains an edit touches, and passes over overlapping fixes.
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {withAlignment} from '../../../src/rules/fix/align.js'
import {applyEdits, mergeGroups, selectFixes, type FileEdit, type PlannedFix} from '../../../src/rules/fix/apply.js'
import {applyParsable} from '../../../src/lint/fix.js'
import {fixMemory} from './fix-harness.js'

const t = suite('fix engine')

const edit = (start: number, end: number, newText: string, join?: string): FileEdit => ({
  file: '/x/main.tf',
  start,
  end,
  newText,
  ...(join ? {join} : {}),
})
const fix = (title: string, edits: FileEdit[], extra: Partial<PlannedFix> = {}): PlannedFix => ({rule: 'r', title, edits, ...extra})

t('a pass takes fixes in file order; one that overlaps or touches a taken one waits; identical ones count once', () => {
  const {chosen, later} = selectFixes([
    fix('c', [edit(10, 12, 'x')]),
    fix('a', [edit(0, 2, 'y')]),
    fix('b', [edit(2, 4, 'z')]),
    fix('a again', [edit(0, 2, 'y')]),
    fix('d', [edit(11, 11, 'w')]),
  ])
  assert.equal(
    chosen.map((f) => f.title),
    ['a', 'c'],
  )
  assert.equal(
    later.map((f) => f.title),
    ['b', 'd'],
  )
})

t('insertions of different entries at one place are applied together; of the same entry, one waits', () => {
  const {chosen, later} = selectFixes([
    fix('aws', [edit(5, 5, 'aws\n', 'entry:aws')]),
    fix('null', [edit(5, 5, 'null\n', 'entry:null')]),
    fix('aws again', [edit(5, 5, 'aws = 2\n', 'entry:aws')]),
  ])
  assert.equal(
    chosen.map((f) => f.title),
    ['aws', 'null'],
  )
  assert.equal(
    later.map((f) => f.title),
    ['aws again'],
  )
  assert.is(Buffer.from(applyEdits(Buffer.from('01234rest'), [...chosen.flatMap((f) => f.edits)])).toString(), '01234aws\nnull\nrest')
})

t('fixes of one group from several roots become one with all their edits; where they disagree the lowest rank wins', () => {
  const other = (start: number): FileEdit => ({file: '/x/caller.tf', start, end: start + 3, newText: ''})
  const merged = mergeGroups([
    fix('root a', [edit(0, 4, ''), other(10)], {group: 'g'}),
    fix('root b', [edit(0, 4, ''), other(20)], {group: 'g'}),
  ])
  assert.equal(
    merged.map((f) => f.edits.map((e) => `${e.file}:${e.start}`)),
    [['/x/main.tf:0', '/x/caller.tf:10', '/x/caller.tf:20']],
  )
  const ranked = mergeGroups([
    fix('newer', [edit(5, 5, '>= 5.31.0')], {group: 'v', rank: [5, 31, 0]}),
    fix('older', [edit(5, 5, '>= 5.9.1')], {group: 'v', rank: [5, 9, 1]}),
  ])
  assert.equal(
    ranked.map((f) => f.title),
    ['older'],
  )
})

t('edits replace bytes: multi-byte text around them is kept exactly', () => {
  const text = Buffer.from('# héllo ✓\na = "${x}" # ü\n', 'utf8')
  const start = text.indexOf('"${x}"')
  const out = applyEdits(text, [{file: '/x', start, end: start + 6, newText: 'x'}])
  assert.is(Buffer.from(out).toString('utf8'), '# héllo ✓\na = x # ü\n')
})

t('alignment: an added argument realigns its chain as terraform fmt does; lines outside the chain stay', () => {
  const text = 'x {\n  source  = "a"\n  version = "b"\n\n  other = 1\n}\n'
  const at = text.indexOf('\n\n') + 1
  const out = withAlignment(text, [{s: at, e: at, text: '  configuration_aliases = [a.b]\n'}], true)
  let result = text
  for (const c of [...out].reverse()) result = result.slice(0, c.s) + c.text + result.slice(c.e)
  assert.is(
    result,
    'x {\n  source                = "a"\n  version               = "b"\n  configuration_aliases = [a.b]\n\n  other = 1\n}\n',
  )
})

t('passes: overlapping fixes are applied over several passes until none is left (nested interpolations)', async () => {
  const {after, run} = await fixMemory({'main.tf': 'locals {\n  a = "${"${var.x}"}"\n}\n'}, {only: ['deprecated-interpolation']})
  assert.is(after['main.tf'], 'locals {\n  a = var.x\n}\n')
  assert.equal(
    run.applied.map((a) => a.pass),
    [1, 2],
  )
})

t(
  'a fix whose result would not parse is dropped (with the other fixes of that file), the rest applied; a file that did not parse gets none',
  () => {
    const files: Record<string, Buffer> = {
      '/x/a.tf': Buffer.from('locals {\n  a = 1\n}\n'),
      '/x/b.tf': Buffer.from('locals {\n  b = 2\n}\n'),
      '/x/broken.tf': Buffer.from('locals {\n'),
    }
    const at = (file: string, from: string, to: string, title: string): PlannedFix => {
      const start = files[file]!.indexOf(from)
      return fix(title, [{file, start, end: start + from.length, newText: to}])
    }
    const r = applyParsable(
      [
        at('/x/a.tf', '= 1', '= {', 'breaks a.tf'),
        at('/x/a.tf', '  a', '  c', 'renames in a.tf'),
        at('/x/b.tf', '2', '3', 'b.tf'),
        at('/x/broken.tf', 'locals', 'x', 'broken'),
      ],
      (f) => files[f],
    )
    assert.equal(
      r.applied.map((f) => f.title),
      ['b.tf'],
    )
    assert.equal(r.dropped.map((d) => `${d.fix.title}: ${d.why}`).sort(), [
      'breaks a.tf: the result would not parse',
      'broken: the file does not parse',
      'renames in a.tf: the result would not parse',
    ])
    assert.is(Buffer.from(r.files.get('/x/b.tf')!).toString(), 'locals {\n  b = 3\n}\n')
  },
)

t.run()
