#!/usr/bin/env node
// npm pack's prepack and postpack (as pinst does for postinstall): the packed package.json carries no
// `prepare` script. In a clone, `prepare` builds dist/ at `npm ci`; in the tarball it would do nothing
// (there are no sources to build) but npm 11 would still list it at install as an install script "not yet
// covered by allowScripts". So prepack builds (unless TFGRAPH_PACK_PREBUILT=1: the tests have just built)
// and takes `prepare` out of package.json, keeping the file as it was beside it; postpack puts it back.
//   node scripts/pack-manifest.mjs strip | restore
import {execFileSync} from 'node:child_process'
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const manifest = path.join(root, 'package.json')
const kept = path.join(root, '.package.json.packing')
const [mode] = process.argv.slice(2)

if (mode === 'strip') {
  // a pack that failed after prepack leaves the original beside the stripped file: put it back first
  if (existsSync(kept)) renameSync(kept, manifest)
  if (process.env.TFGRAPH_PACK_PREBUILT !== '1')
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], {cwd: root, stdio: 'inherit'})
  const text = readFileSync(manifest, 'utf8')
  const pkg = JSON.parse(text)
  if (pkg.scripts?.prepare === undefined) process.exit(0)
  delete pkg.scripts.prepare
  writeFileSync(kept, text)
  writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n')
} else if (mode === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest)
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip | restore')
  process.exit(1)
}
