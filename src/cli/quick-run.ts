// The quick start's run of `tfgraph providers` when no stored answer serves (quick.ts): the command's
// own code (providers-run.ts) in a run begun as the oclif command begins it, without oclif.
import {startCommand} from './command-run.js'
import {providersOutput} from './providers-run.js'
import type {QuickProviders} from './quick.js'

/** What `this.exit(code)` throws in an oclif command, so that bin/run.js's handling stays the same. */
class QuickExit extends Error {
  readonly code = 'EEXIT'
  readonly oclif: {readonly exit: number}
  constructor(exit: number) {
    super(`EEXIT: ${exit}`)
    this.oclif = {exit}
  }
}

export async function runProviders(q: QuickProviders): Promise<void> {
  const flags = {'no-cache': q.noCache, 'no-progress': q.noProgress, verbose: q.inputs.verbose, 'no-color': q.noColor}
  const exit = (code: number): never => {
    throw new QuickExit(code)
  }
  // the directory was checked before the quick start took the command line
  const cmd = await startCommand({exit}, flags, {quiet: q.inputs.json, load: async () => undefined})
  const out = await providersOutput(cmd, q.inputs)
  await cmd.finish(out.value)
}
