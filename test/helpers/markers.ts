// Inline expectations used by upstream error-files/warning-files: `# ERROR: <summary>` or
// `# WARNING: <summary>` marks the line on which a diagnostic's subject starts.
import {readFileSync} from 'node:fs'
import type {Diagnostic} from '../helpers/internal.js'

export function expectedMarkers(file: string): string[] {
  const out: string[] = []
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, i) => {
      const m = /(?:#|\/\/)\s*(ERROR|WARNING): (.*)$/.exec(line)
      if (m) out.push(`${i + 1} ${m[1] === 'ERROR' ? 'error' : 'warning'} ${m[2]!.trim()}`)
    })
  return out.sort()
}

export function actualMarkers(diags: readonly Diagnostic[]): string[] {
  return diags.map((d) => `${d.range?.start.line ?? 0} ${d.severity} ${d.summary}`).sort()
}
