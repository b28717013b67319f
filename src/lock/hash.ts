// Provider package hashes as recorded in the lock file (REFERENCE §e.2):
//   h1: Go modules dirhash Hash1 over an unpacked package directory or over a zip's entries;
//   zh: SHA-256 of a distribution .zip file's bytes.
import {createHash} from 'node:crypto'
import {lstat, readdir, readFile, realpath} from 'node:fs/promises'
import * as path from 'node:path'
import {inflateRawSync} from 'node:zlib'

function sha256hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/**
 * dirhash `Hash1`: for each name in byte-wise order, `hex(sha256(content)) + "  " + name + "\n"`;
 * the result is `h1:` + base64 of the SHA-256 of that summary. `open` reads one named file.
 */
export async function hash1(names: readonly string[], open: (name: string) => Promise<Uint8Array>): Promise<string> {
  const sorted = [...names].sort(compareBytes)
  const summary = createHash('sha256')
  for (const name of sorted) {
    if (name.includes('\n')) throw new Error('dirhash: filenames with newlines are not supported')
    summary.update(`${sha256hex(await open(name))}  ${name}\n`)
  }
  return 'h1:' + summary.digest('base64')
}

/** Byte-wise (UTF-8) comparison, as Go's sort.Strings. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

/** Every non-directory entry under `root` (lstat: symlinks are listed, not descended), `/`-separated and relative. */
async function dirFiles(root: string): Promise<string[]> {
  const out: string[] = []
  const rootInfo = await lstat(root)
  if (!rootInfo.isDirectory()) throw new Error(`${root} is not a directory`)
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(root, rel), {withFileTypes: true})
    for (const e of entries) {
      const childRel = rel === '' ? e.name : `${rel}/${e.name}`
      if (e.isDirectory()) await walk(childRel)
      else out.push(childRel)
    }
  }
  await walk('')
  return out
}

/** `h1:` hash of an unpacked provider package directory (the root itself may be a symlink, as Terraform resolves it first). */
export async function hashDirH1(dir: string): Promise<string> {
  const root = await realpath(dir)
  const files = await dirFiles(root)
  return hash1(files, (name) => readFile(path.join(root, ...name.split('/'))))
}

/** `zh:` hash: lowercase hex SHA-256 of the whole file's bytes. */
export async function hashZipZh(zipPath: string): Promise<string> {
  return 'zh:' + sha256hex(await readFile(zipPath))
}

/** `h1:` hash over the entries of a zip archive (directory entries included, as Go's dirhash.HashZip). */
export async function hashZipH1(zipPath: string): Promise<string> {
  const data = await readFile(zipPath)
  const entries = readZipEntries(data)
  const byName = new Map(entries.map((e) => [e.name, e]))
  return hash1(
    entries.map((e) => e.name),
    async (name) => extractEntry(data, byName.get(name)!),
  )
}

// ---------------------------------------------------------------------------------------------------------
// A minimal zip reader: central directory, stored and deflated entries (no ZIP64, no encryption, no CRC check).

interface ZipEntry {
  readonly name: string
  readonly method: number
  readonly flags: number
  readonly compressedSize: number
  readonly uncompressedSize: number
  readonly localHeaderOffset: number
}

function zipError(why: string): Error {
  return new Error(`zip: ${why}`)
}

/** Lists a zip's entries from its central directory. */
export function readZipEntries(data: Buffer): ZipEntry[] {
  const minEocd = 22
  if (data.length < minEocd) throw zipError('not a valid zip file')
  let eocd = -1
  for (let i = data.length - minEocd; i >= Math.max(0, data.length - minEocd - 0xffff); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw zipError('not a valid zip file')
  const count = data.readUInt16LE(eocd + 10)
  const cdSize = data.readUInt32LE(eocd + 12)
  const cdOffset = data.readUInt32LE(eocd + 16)
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw zipError('ZIP64 archives are not supported')
  const entries: ZipEntry[] = []
  let p = cdOffset
  for (let i = 0; i < count; i++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== 0x02014b50) throw zipError('not a valid zip file')
    const flags = data.readUInt16LE(p + 8)
    const method = data.readUInt16LE(p + 10)
    const compressedSize = data.readUInt32LE(p + 20)
    const uncompressedSize = data.readUInt32LE(p + 24)
    const nameLen = data.readUInt16LE(p + 28)
    const extraLen = data.readUInt16LE(p + 30)
    const commentLen = data.readUInt16LE(p + 32)
    const localHeaderOffset = data.readUInt32LE(p + 42)
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      throw zipError('ZIP64 archives are not supported')
    }
    const nameBytes = data.subarray(p + 46, p + 46 + nameLen)
    // Go keeps names as raw bytes whatever flag bit 11 says; they are hashed as written (UTF-8 here).
    const name = nameBytes.toString('utf8')
    entries.push({name, method, flags, compressedSize, uncompressedSize, localHeaderOffset})
    p += 46 + nameLen + extraLen + commentLen
  }
  return entries
}

function extractEntry(data: Buffer, e: ZipEntry): Uint8Array {
  const h = e.localHeaderOffset
  if (h + 30 > data.length || data.readUInt32LE(h) !== 0x04034b50) throw zipError(`invalid local header for ${e.name}`)
  if (e.flags & 0x1) throw zipError(`encrypted entry ${e.name}`)
  const start = h + 30 + data.readUInt16LE(h + 26) + data.readUInt16LE(h + 28)
  const raw = data.subarray(start, start + e.compressedSize)
  let out: Uint8Array
  if (e.method === 0) out = raw
  else if (e.method === 8) out = inflateRawSync(raw)
  else throw zipError(`unsupported compression method ${e.method} for ${e.name}`)
  if (out.length !== e.uncompressedSize) throw zipError(`size mismatch for ${e.name}`)
  return out
}
