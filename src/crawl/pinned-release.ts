// The Terraform release a directory pins in `.terraform-version`: tfenv's file, and HashiCorp's documented
// way to choose the release that runs a stack in HCP Terraform. It decides which release's behaviour is
// followed where the root's required_version does not (providers/releases/engine-version.ts).
import * as path from 'node:path'
import {utf8Text, type FileSource} from '../io/inputs.js'

export const PIN_FILE = '.terraform-version'

/**
 * The release pinned in `dir`'s `.terraform-version` (its first line that is not empty or a comment:
 * `1.13.0`, `v1.13.0`, `1.13` read as `1.13.0`, `1.17.0-alpha20260801`), or undefined when there is no
 * such file or it names no exact 1.x release (tfenv's `latest`, `latest:^1.13`, `min-required`).
 */
export function pinnedRelease(files: FileSource, dir: string): string | undefined {
  let text: string
  try {
    text = utf8Text(files.read(path.join(dir, PIN_FILE)))
  } catch {
    return undefined
  }
  const line = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*$/, '').trim())
    .find((l) => l !== '')
  const m = /^v?(1)\.(\d+)(?:\.(\d+))?(-[0-9A-Za-z.-]+)?$/.exec(line ?? '')
  if (!m) return undefined
  return `${m[1]}.${Number(m[2])}.${Number(m[3] ?? '0')}${m[4] ?? ''}`
}
