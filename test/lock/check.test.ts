// `tfgraph lock`: statuses, --verify (directory and zip, match and mismatch), --platforms, malformed
// lock files; golden text and JSON beside each fixture.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkLock, diagnosticString, lockDocument, renderDiagnosticsText, renderLockText, sourceLinesFrom} from '../helpers/internal.js'
import {assertGolden} from '../helpers/golden.js'
import {fixturesDir} from '../helpers/paths.js'

const base = path.join(fixturesDir, 'lock')

test('statuses: ok, missing, unsatisfied, unused; recorded vs current constraints; platforms', async () => {
  const dir = path.join(base, 'statuses')
  const c = await checkLock(dir, {env: {}, platforms: ['linux_amd64', 'darwin_arm64']})
  const st = Object.fromEntries(c.providers.map((p) => [p.provider.split('/').pop(), p.status]))
  assert.equal(st, {aws: 'ok', null: 'unused', random: 'unsatisfied', tls: 'missing'})
  assert.not.ok(
    c.providers.some((p) => p.provider.startsWith('terraform.io/builtin/')),
    'built-in providers need no lock',
  )
  const aws = c.providers.find((p) => p.provider.endsWith('/aws'))
  assert.is(aws?.constraintsChanged, true)
  assert.is(aws?.recordedConstraints, '~> 5.0')
  assert.is(aws?.constraints, '>= 5.0.0')
  assert.ok(
    c.diagnostics.some(
      (d) =>
        d.summary === 'Inconsistent dependency lock file' &&
        d.detail.includes('provider registry.terraform.io/hashicorp/tls: required by this configuration but no version is selected'),
    ),
  )
  assert.ok(
    c.diagnostics.some((d) => d.summary === 'Lock file may not cover every platform' && d.detail.includes('-platform=darwin_arm64')),
  )
  assertGolden(path.join(dir, 'expected.json'), JSON.stringify(lockDocument(c), null, 2) + '\n')
  assertGolden(path.join(dir, 'expected.txt'), renderLockText(c) + '\n' + renderDiagnosticsText(c.diagnostics))
})

test('--verify: unpacked directory and zip packages, match and mismatch', async () => {
  const dir = path.join(base, 'verify')
  const c = await checkLock(dir, {env: {}, verify: true, pluginDirs: [path.join(dir, 'mirror')]})
  assert.equal(
    c.packages.map((p) => `${p.provider.split('/').pop()} ${p.platform} ${p.status}`),
    ['null linux_amd64 mismatch', 'test linux_amd64 match', 'test darwin_arm64 match'],
  )
  assert.is(
    c.packages.find((p) => p.platform === 'linux_amd64' && p.provider.endsWith('/test'))?.h1,
    'h1:7MjN4eFisdTv4tlhXH5hL4QQd39Jy4baPhFxwAd/EFE=',
  )
  assert.ok(c.packages.find((p) => p.platform === 'darwin_arm64')?.zh?.startsWith('zh:'))
  const mismatch = c.diagnostics.find((d) => d.summary === 'Provider package checksum mismatch')
  assert.ok(mismatch?.detail.includes('h1:vWAsYRd7MjYr3adj8BVKRohVfHpWQdvkIwUQ2Jf5FVM='), 'names both hashes')
  assertGolden(path.join(dir, 'expected.json'), JSON.stringify(lockDocument(c), null, 2) + '\n')
  assertGolden(path.join(dir, 'expected.txt'), renderLockText(c) + '\n' + renderDiagnosticsText(c.diagnostics))
})

test('malformed lock file: diagnostics with locations, no crash', async () => {
  const dir = path.join(base, 'malformed')
  const c = await checkLock(dir, {env: {}})
  const where = c.diagnostics.filter((d) => d.range?.filename === '.terraform.lock.hcl').map((d) => `${d.range?.start.line} ${d.summary}`)
  assert.ok(
    where.some((w) => w.startsWith('1 Non-normalized provider source address')),
    where.join('\n'),
  )
  assert.ok(
    where.some((w) => w.includes('Invalid provider version number')),
    where.join('\n'),
  )
  assert.ok(
    where.some((w) => w.includes('Unsupported block type')),
    where.join('\n'),
  )
  assertGolden(path.join(dir, 'expected.txt'), renderLockText(c) + '\n' + renderDiagnosticsText(c.diagnostics))
})

test('OpenTofu: a registry.terraform.io entry where registry.opentofu.org is required is explained', async () => {
  const c = await checkLock(path.join(base, 'tofu-registry'), {env: {}})
  assert.equal(
    c.providers.map((p) => `${p.provider} ${p.status}`),
    ['registry.opentofu.org/hashicorp/aws missing', 'registry.terraform.io/hashicorp/aws unused'],
  )
  const hint = c.diagnostics.find((d) => d.summary === 'Lock entry for the other registry')
  assert.match(hint?.detail ?? '', /requires registry.opentofu.org\/hashicorp\/aws/)
  assert.is(hint?.range?.start.line, 4)
})

const REQUIRES_AWS = 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "~> 5.0" }\n  }\n}\n'

/** A root module in a temporary directory: main.tf requiring aws, and the given lock file (a string, bytes, or a directory). */
async function withModule<T>(lock: string | Buffer | 'directory', f: (dir: string) => Promise<T>, mainTf = REQUIRES_AWS): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-lock-'))
  try {
    writeFileSync(path.join(dir, 'main.tf'), mainTf)
    if (lock === 'directory') mkdirSync(path.join(dir, '.terraform.lock.hcl'))
    else writeFileSync(path.join(dir, '.terraform.lock.hcl'), lock)
    return await f(dir)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

/** Text as the CLI shows it, with source lines. */
function shown(c: Awaited<ReturnType<typeof checkLock>>, dir: string): string {
  return renderLockText(c) + renderDiagnosticsText(c.diagnostics, {sourceLines: sourceLinesFrom(dir, (f) => readFileSync(f, 'utf8'))})
}

test('a lock file with errors shows no provider as OK: a good entry in it is invalid too (Terraform uses none of the file)', async () => {
  const dir = path.join(base, 'invalid-file')
  const c = await checkLock(dir, {env: {}})
  assert.is(c.lockFileState, 'invalid')
  assert.is(c.compared, true)
  assert.equal(
    c.providers.map((p) => `${p.provider.split('/').pop()} ${p.status} ${p.entryErrors}`),
    ['aws invalid 0', 'null invalid 1'],
  )
  const text = renderLockText(c)
  assert.not.match(text, /\bOK\b/)
  assert.match(
    text.split('\n')[0] ?? '',
    /^\.terraform\.lock\.hcl: 2 providers locked; the file has 2 errors, and Terraform uses no lock file with errors$/,
  )
  assert.not.ok(
    c.diagnostics.some((d) => d.summary === 'Inconsistent dependency lock file'),
    'an entry with errors is not also reported as inconsistent',
  )
  assertGolden(path.join(dir, 'expected.json'), JSON.stringify(lockDocument(c), null, 2) + '\n')
  assertGolden(path.join(dir, 'expected.txt'), renderLockText(c) + '\n' + renderDiagnosticsText(c.diagnostics))
  // the malformed fixture: its one entry has errors
  const m = await checkLock(path.join(base, 'malformed'), {env: {}})
  assert.equal(
    m.providers.map((p) => p.status),
    ['invalid'],
  )
  assert.not.match(renderLockText(m), /\bOK\b/)
})

test('a lock file that is not HCL: nothing compared, no table, only its syntax errors (no "missing" guesses)', async () => {
  const dir = path.join(base, 'syntax-error')
  const c = await checkLock(dir, {env: {}})
  assert.is(c.lockFileState, 'unparsable')
  assert.is(c.compared, false)
  assert.is(c.incomplete, false, 'a broken lock file is a finding (exit 2), not a tool failure')
  assert.equal(c.providers, [])
  assert.is(renderLockText(c), '')
  assert.ok(
    c.diagnostics.length > 0 && c.diagnostics.every((d) => d.severity === 'error' && d.range?.filename === '.terraform.lock.hcl'),
    JSON.stringify(c.diagnostics),
  )
  assertGolden(path.join(dir, 'expected.txt'), renderLockText(c) + '\n' + renderDiagnosticsText(c.diagnostics))
})

test('an unreadable lock file is a tool failure with the reason, and nothing is compared', async () => {
  await withModule('directory', async (dir) => {
    const c = await checkLock(dir, {env: {}})
    assert.is(c.lockFileState, 'unreadable')
    assert.is(c.incomplete, true)
    assert.is(c.compared, false)
    assert.equal(c.providers, [])
    assert.equal(
      c.diagnostics.map((d) => `${d.summary}: ${d.detail}`),
      ['Failed to read dependency lock file: The file .terraform.lock.hcl could not be read: it is a directory.'],
    )
    assert.is(renderLockText(c), '')
  })
})

test('a configuration that cannot be read: nothing compared (no "unused" claims for every lock entry)', async () => {
  const lock = readFileSync(path.join(base, 'statuses', '.terraform.lock.hcl'), 'utf8')
  await withModule(
    lock,
    async (dir) => {
      const c = await checkLock(dir, {env: {}})
      assert.is(c.incomplete, true)
      assert.is(c.compared, false)
      assert.is(c.lockFileState, 'valid')
      assert.equal(c.providers, [])
      assert.not.ok(c.diagnostics.some((d) => d.summary === 'Unused dependency lock'))
      assert.ok(c.diagnostics.some((d) => d.summary === 'Unclosed configuration block'))
      assert.is(renderLockText(c), '')
    },
    'terraform {\n  required_providers {\n',
  )
})

test('a binary lock file (NUL bytes, or not UTF-8): one error at the first such byte, nothing compared', async () => {
  const withNul = Buffer.from('provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.\u00001"\n}\n', 'utf8')
  const notUtf8 = Buffer.concat([Buffer.from('# lock\nprovider "x" {'), Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('}\n')])
  const cases: [Buffer, string][] = [
    [
      withNul,
      '.terraform.lock.hcl:2,16-17: Invalid character; This character is not used within the language. The file contains NUL bytes: it looks like a binary file, not configuration text.',
    ],
    [
      notUtf8,
      '.terraform.lock.hcl:2,15-16: Invalid character encoding; All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.',
    ],
  ]
  for (const [bytes, want] of cases) {
    await withModule(bytes, async (dir) => {
      const c = await checkLock(dir, {env: {}})
      assert.is(c.lockFileState, 'unparsable')
      assert.equal(c.diagnostics.map(diagnosticString), [want])
      const d = c.diagnostics[0]!
      assert.is(bytes[d.range!.start.byte], want.includes('NUL') ? 0x00 : 0xff, 'the byte offset is true to the file')
    })
  }
})

test('a lock file of control characters on one long line: a few diagnostics, repeats counted, no long lines', async () => {
  // valid UTF-8 (no NUL): the parser's errors, one per character, on one 20,000-character line
  let x = 12345
  const chars: string[] = []
  for (let i = 0; i < 20000; i++) {
    x = (x * 1103515245 + 12345) % 2147483648
    const c = (x >> 16) % 127 || 1
    chars.push(c === 0x0a ? 'x' : String.fromCharCode(c))
  }
  await withModule(chars.join('') + '\n', async (dir) => {
    const c = await checkLock(dir, {env: {}})
    assert.is(c.lockFileState, 'unparsable')
    assert.ok(c.diagnostics.length < 80, `${c.diagnostics.length} diagnostics`)
    assert.ok(
      c.diagnostics.every((d) => d.detail.length < 400),
      'one error per diagnostic, not all of them glued into the first detail',
    )
    assert.ok(
      c.diagnostics.some((d) =>
        /^\d+ more errors? like this one in \.terraform\.lock\.hcl, not listed\.$/.test(d.extra?.explanation ?? ''),
      ),
    )
    const text = shown(c, dir)
    const longest = Math.max(...text.split('\n').map((l) => [...l].length))
    assert.ok(longest <= 200, `longest line: ${longest} characters`)
    assert.match(text, /\n {5}1: .*…\n {8}\^/u)
  })
})

test('a long line in a lock file: the excerpt is a window around the column, the caret under it', async () => {
  const hashes = Array.from({length: 150}, (_, i) => `"zh:${i.toString(16).padStart(64, '0')}"`)
  const lock = `provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.31.0"\n  hashes = [${hashes.slice(0, 75).join(', ')}, "h1:x" "h1:y", ${hashes.slice(75).join(', ')}]\n}\n`
  await withModule(lock, async (dir) => {
    const c = await checkLock(dir, {env: {}})
    const d = c.diagnostics.find((x) => x.range?.start.line === 3)
    assert.ok(d, JSON.stringify(c.diagnostics))
    const lines = shown(c, dir).split('\n')
    const i = lines.findIndex((l) => l.startsWith('     3: '))
    const src = lines[i] ?? ''
    const caret = lines[i + 1] ?? ''
    assert.ok([...src].length <= 130, `${[...src].length} characters`)
    assert.match(caret, /^ +\^+$/)
    const col = d.range!.start.column
    const wanted = lock.split('\n')[2]!.slice(col - 1, col + 3)
    assert.is(src.slice(caret.indexOf('^'), caret.indexOf('^') + 4), wanted)
  })
})

test('unused: the note follows seed 003 (init keeps an entry the state still depends on)', async () => {
  const c = await checkLock(path.join(base, 'statuses'), {env: {}})
  const unused = c.diagnostics.find((d) => d.summary === 'Unused dependency lock')
  assert.ok(unused)
  assert.match(
    unused.detail,
    /^provider registry\.terraform\.io\/hashicorp\/null: locked at 3\.2\.2, but no module of this configuration requires it any more\./,
  )
  assert.match(unused.detail, /neither the configuration nor the state/)
  assert.not.match(unused.detail, /will remove/)
  const tofu = await checkLock(path.join(base, 'tofu-registry'), {env: {}})
  assert.match(
    tofu.diagnostics.find((d) => d.summary === 'Unused dependency lock')?.detail ?? '',
    /"tofu init" removes a lock entry only once/,
  )
})

test.run()
