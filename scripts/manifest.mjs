// Writes oclif.manifest.json after the build, as `oclif manifest` does: with it, oclif answers
// `--help`, `--version` and command lookup from this file instead of importing every command.
import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {Plugin} from '@oclif/core'

const root = fileURLToPath(new URL('..', import.meta.url))
const plugin = new Plugin({
  root,
  type: 'core',
  isRoot: true,
  ignoreManifest: true,
  errorOnManifestCreate: true,
  respectNoCacheDefault: true,
})
await plugin.load()
writeFileSync(new URL('../oclif.manifest.json', import.meta.url), JSON.stringify(plugin.manifest, null, 2) + '\n')
