// A command line run by oclif (dist/cli/entry.js), its errors said by tfgraph (src/cli/cli-errors.ts): one
// line, exit 1 for usage errors. bin/run.js runs every line the quick start does not take this way, and the
// tests' runCli (test/helpers/cli.ts) runs command lines in their own process the same way.

/** Runs `tfgraph GIVEN` through oclif, `root` the URL of the bin script oclif finds package.json from; sets process.exitCode. */
export async function runOclif(given, root) {
  const {COMMANDS, describeCliError, flush, run} = await import('../dist/cli/entry.js')
  // `tfgraph help lint` is `tfgraph lint --help`
  const argv = given[0] === 'help' ? [...given.slice(1), '--help'] : given
  try {
    await run(argv, root)
    await flush()
  } catch (error) {
    const ids = Object.keys(COMMANDS)
    const {text, exitCode} = describeCliError(error, argv, ids, (command) => COMMANDS[command.split(' ').join(':')])
    if (text) process.stderr.write(text)
    process.exitCode = exitCode
  }
}
