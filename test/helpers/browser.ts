// Chromium for the browser tests (Debian's `chromium` package; .ci/run installs it). Like hasShared:
// without it a test prints one SKIP line with the reason (scripts/test.mjs counts them), except under
// CI=true, where its absence is an error, never a silent skip.
import {existsSync} from 'node:fs'

export const chromiumPath = process.env['TFGRAPH_CHROMIUM'] ?? '/usr/bin/chromium'

export function hasChromium(what: string): boolean {
  if (existsSync(chromiumPath)) return true
  if (process.env['CI'] === 'true')
    throw new Error(`${what}: ${chromiumPath} is missing (CI=true: the browser tests must not skip; .ci/run installs Debian's chromium)`)
  process.stdout.write(`SKIP ${what}: needs Chromium, not found at ${chromiumPath} (apt-get install chromium)\n`)
  return false
}
