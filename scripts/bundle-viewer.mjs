// The browser side of `tfgraph graph --format html`: viewer/main.ts (sigma.js, graphology) bundled by
// esbuild into one minified script, dist/viewer/viewer.js, and viewer/style.css copied beside it.
// src/render/graph-html.ts inlines both into every page (nothing is fetched when a page opens).
import {build} from 'esbuild'
import {copyFileSync, mkdirSync, rmSync, statSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = path.join(root, 'dist', 'viewer')
rmSync(out, {recursive: true, force: true})
mkdirSync(out, {recursive: true})
await build({
  entryPoints: [path.join(root, 'viewer', 'main.ts')],
  outfile: path.join(out, 'viewer.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: ['chrome110', 'firefox110', 'safari16'],
  legalComments: 'eof',
  charset: 'utf8',
  logLevel: 'warning',
})
copyFileSync(path.join(root, 'viewer', 'style.css'), path.join(out, 'viewer.css'))
console.log(`bundled the HTML viewer into dist/viewer/ (${Math.round(statSync(path.join(out, 'viewer.js')).size / 1024)} KiB)`)
