// Native configuration files to parse in the parser tests: every `.tf` file under fixtures/providers and
// fixtures/load (valid and broken ones alike), named from fixtures/, in a stable order.
import {readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {fixturesDir} from './paths.js'

export function fixtureTfFiles(): {name: string; text: string}[] {
  const out: {name: string; text: string}[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.tf')) out.push({name: path.relative(fixturesDir, p), text: readFileSync(p, 'utf8')})
    }
  }
  walk(path.join(fixturesDir, 'providers'))
  walk(path.join(fixturesDir, 'load'))
  return out
}
