// `tfgraph lock` as text: the lock file check (lock/check.ts) as a table, one row per provider, then the
// installed packages when verified.
import {engineByName} from '../load/engine.js'
import type {LockCheck} from '../lock/check.js'
import {terminalInline} from './terminal-text.js'

/**
 * Text: one row per provider, then packages when verified; nothing when nothing was compared (the
 * diagnostics say why). `fileName` names the lock file for the reader (the command: from the current directory).
 */
export function renderLockText(c: LockCheck, fileName: (filename: string) => string = (f) => f): string {
  if (!c.compared) return ''
  const out: string[] = []
  // what the file holds, not the rows below (a provider required and not locked is a row, not an entry)
  const n = c.lockedEntries
  const header = c.lockFileExists
    ? `${fileName(c.lockFile)}: ${n === 0 ? 'no providers locked' : `${n} provider${n === 1 ? '' : 's'} locked`}`
    : `no .terraform.lock.hcl in ${fileName('.') === '.' ? 'the root module directory' : fileName('.')}`
  if (c.lockFileState === 'invalid') {
    const errors = c.diagnostics.filter((d) => d.severity === 'error' && d.range?.filename === c.lockFile).length
    const product = engineByName(c.analysis.tree.engine).product
    out.push(`${header}; the file has ${errors} error${errors === 1 ? '' : 's'}, and ${product} uses no lock file with errors`)
  } else out.push(header)
  out.push('')
  const rows = c.providers.map((p) =>
    [
      p.status.toUpperCase(),
      p.provider,
      p.lockedVersion ?? '-',
      p.constraints || '(no constraints)',
      p.constraintsChanged ? `recorded: ${p.recordedConstraints ?? '(none)'}` : '',
      p.lockedVersion ? `${p.hashes.h1} h1, ${p.hashes.zh} zh${p.hashes.other ? `, ${p.hashes.other} other` : ''}` : '',
      p.entryErrors > 0 ? `${p.entryErrors} error${p.entryErrors === 1 ? '' : 's'} in this entry` : '',
    ].map(terminalInline),
  ) // cells come from the lock file: one line each, no control characters
  const widths = [0, 1, 2, 3].map((i) => Math.max(0, ...rows.map((r) => r[i]!.length)))
  for (const r of rows)
    out.push(
      r
        .map((x, i) => (i < 4 ? x.padEnd(widths[i]!) : x))
        .filter((x) => x.trim() !== '')
        .join('  ')
        .trimEnd(),
    )
  if (c.packages.length > 0) {
    out.push('', 'installed packages:')
    for (const p of c.packages)
      out.push(`  ${p.status.toUpperCase().padEnd(8)} ${terminalInline(`${p.provider} ${p.version} ${p.platform}  ${p.path}`)}`)
  }
  return out.join('\n') + '\n'
}
