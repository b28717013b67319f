import {mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {deflateRawSync} from 'node:zlib'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {hash1, hashDirH1, hashZipH1, hashZipZh, readZipEntries} from '../../src/lock/hash.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const tofu = path.join(sharedDir, 'conformance', 'opentofu', 'internal')
const mirror = path.join(tofu, 'getproviders', 'testdata', 'filesystem-mirror', 'registry.opentofu.org', 'hashicorp', 'null')
/** The hash vectors live in the upstream fixtures under ../shared. */
const vector = hasShared('lock/hash: upstream hash vectors', 'conformance/opentofu') ? test : test.skip

vector('h1 vector: providers-lock/basic os_arch (one empty file)', async () => {
  const dir = path.join(
    tofu,
    'command',
    'testdata',
    'providers-lock',
    'basic',
    'fs-mirror',
    'registry.opentofu.org',
    'hashicorp',
    'test',
    '1.0.0',
    'os_arch',
  )
  assert.is(await hashDirH1(dir), 'h1:7MjN4eFisdTv4tlhXH5hL4QQd39Jy4baPhFxwAd/EFE=')
})

vector('h1 vector: filesystem-mirror null 2.0.0 linux_amd64', async () => {
  assert.is(await hashDirH1(path.join(mirror, '2.0.0', 'linux_amd64')), 'h1:qjsREM4DqEWECD43FcPqddZ9oxCG+IaMTxvWPciS05g=')
})

vector('zh vector: placeholder terraform-provider-null_2.1.0_linux_amd64.zip', async () => {
  const zip = path.join(mirror, 'terraform-provider-null_2.1.0_linux_amd64.zip')
  assert.is(await hashZipZh(zip), 'zh:4fb39849f2e138eb16a18ba0c682635d781cb8c3b25901dd5a792ade9711f501')
  // It is a text file, not a zip: an h1 over it is impossible.
  try {
    await hashZipH1(zip)
    assert.unreachable('expected an error')
  } catch (e) {
    assert.instance(e, Error)
    assert.match((e as Error).message, /^zip: /)
  }
})

test('hash1: summary lines are sorted byte-wise; newline in a name is an error', async () => {
  const content: Record<string, string> = {b: 'x', a: '', 'B/c': 'y'}
  const open = async (n: string) => Buffer.from(content[n] ?? '')
  const h = await hash1(['b', 'a', 'B/c'], open)
  assert.is(h, await hash1(['B/c', 'a', 'b'], open))
  try {
    await hash1(['a\nb'], open)
    assert.unreachable('expected an error')
  } catch (e) {
    assert.is((e as Error).message, 'dirhash: filenames with newlines are not supported')
  }
})

// A tiny zip writer for tests: stored (method 0) or deflated (method 8) entries.
function makeZip(entries: {name: string; data: Buffer; deflate?: boolean}[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8')
    const body = e.deflate ? deflateRawSync(e.data) : e.data
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x800, 6)
    local.writeUInt16LE(e.deflate ? 8 : 0, 8)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(e.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(e.deflate ? 8 : 0, 10)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(e.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += 30 + name.length + body.length
  }
  const cd = Buffer.concat(centrals)
  const eocd = Buffer.alloc(22)
  eocd.writeUInt32LE(0x06054b50, 0)
  eocd.writeUInt16LE(entries.length, 8)
  eocd.writeUInt16LE(entries.length, 10)
  eocd.writeUInt32LE(cd.length, 12)
  eocd.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, eocd])
}

test('hashZipH1 over entries equals hashDirH1 of the unpacked directory; symlinks listed, not descended', async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-hash-'))
  try {
    const pkg = path.join(tmp, 'pkg')
    mkdirSync(path.join(pkg, 'sub'), {recursive: true})
    writeFileSync(path.join(pkg, 'terraform-provider-null_v2.1.0_x4'), 'binary contents\n'.repeat(50))
    writeFileSync(path.join(pkg, 'sub', 'README'), 'readme')
    writeFileSync(path.join(pkg, 'CHANGELOG.md'), '')
    const zip = makeZip([
      {name: 'terraform-provider-null_v2.1.0_x4', data: Buffer.from('binary contents\n'.repeat(50)), deflate: true},
      {name: 'sub/README', data: Buffer.from('readme')},
      {name: 'CHANGELOG.md', data: Buffer.alloc(0)},
    ])
    const zipPath = path.join(tmp, 'p.zip')
    writeFileSync(zipPath, zip)
    assert.equal(
      readZipEntries(zip).map((e) => e.name),
      ['terraform-provider-null_v2.1.0_x4', 'sub/README', 'CHANGELOG.md'],
    )
    const h = await hashDirH1(pkg)
    assert.is(await hashZipH1(zipPath), h)

    // Directory entries in a zip count as (empty) files, as in Go's dirhash.HashZip.
    const withDir = makeZip([
      {name: 'sub/', data: Buffer.alloc(0)},
      {name: 'sub/README', data: Buffer.from('readme')},
    ])
    const withDirPath = path.join(tmp, 'd.zip')
    writeFileSync(withDirPath, withDir)
    const expected = await hash1(['sub/', 'sub/README'], async (n) => Buffer.from(n === 'sub/' ? '' : 'readme'))
    assert.is(await hashZipH1(withDirPath), expected)

    // A symlink to a file is listed under its own name and hashed by its target's content.
    symlinkSync('CHANGELOG.md', path.join(pkg, 'link'))
    const expectedLinked = await hash1(['CHANGELOG.md', 'link', 'sub/README', 'terraform-provider-null_v2.1.0_x4'], async (n) =>
      Buffer.from(n === 'sub/README' ? 'readme' : n.startsWith('terraform') ? 'binary contents\n'.repeat(50) : ''),
    )
    assert.is(await hashDirH1(pkg), expectedLinked)
    assert.is.not(expectedLinked, h)

    // The package root itself may be a symlink.
    symlinkSync(pkg, path.join(tmp, 'pkglink'))
    assert.is(await hashDirH1(path.join(tmp, 'pkglink')), expectedLinked)
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test('hashDirH1 rejects a file name containing a newline', async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-hash-'))
  try {
    writeFileSync(path.join(tmp, 'a\nb'), '')
    try {
      await hashDirH1(tmp)
      assert.unreachable('expected an error')
    } catch (e) {
      assert.is((e as Error).message, 'dirhash: filenames with newlines are not supported')
    }
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
