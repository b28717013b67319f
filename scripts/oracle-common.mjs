// What the oracle scripts share: asking the
// terraform-oracle once, and running a check over many directories a few at a time, printing the
// results in the directories' order as soon as the ones before them are done.
import {execFile} from 'node:child_process'

/** Runs `oracle.mjs COMMAND [--timeout S] DIR`; resolves to {result} (its JSON) or {error}. */
export function runOracle(oracle, command, dir, timeout) {
  const args = [oracle, command, ...(timeout ? ['--timeout', String(timeout)] : []), dir]
  return new Promise((resolve) => {
    execFile(process.execPath, args, {encoding: 'utf8', maxBuffer: 1 << 28}, (err, stdout, stderr) => {
      if (err)
        return resolve({
          error: `oracle ${command} exit ${err.code ?? err.signal}: ${(stderr || err.message).trim().split('\n').slice(-5).join(' | ')}`,
        })
      try {
        resolve({result: JSON.parse(stdout)})
      } catch (e) {
        resolve({error: `oracle ${command}: output is not JSON: ${e.message}`})
      }
    })
  })
}

/**
 * `check(item)` for every item, `jobs` at a time; `print(result)` in the items' order; a progress line
 * (`label: done/total (s)`) on stderr every `every` items. Resolves to the results, in order.
 */
export async function runOrdered(items, {jobs, label, every = 50}, check, print) {
  const results = new Array(items.length)
  let next = 0
  let printed = 0
  let done = 0
  const started = Date.now()
  const flush = () => {
    while (printed < items.length && results[printed]) print(results[printed++])
  }
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await check(items[i])
      done++
      if (done % every === 0 || done === items.length)
        console.error(`${label}: ${done}/${items.length} (${Math.round((Date.now() - started) / 1000)} s)`)
      flush()
    }
  }
  await Promise.all(Array.from({length: Math.min(jobs, items.length)}, worker))
  flush()
  return results
}

/**
 * The arguments of a script that records the oracle's answers for fixture directories: FIXTURE_DIR… and
 * `--terraform PATH`. `--help` prints `usage` (exit 0); an unknown option exits 2.
 */
export function parseFixtureArgs(argv, usage) {
  const opts = {terraform: 'terraform', dirs: []}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--terraform') opts.terraform = argv[++i]
    else if (a === '--help' || a === '-h') {
      console.log(usage)
      process.exit(0)
    } else if (a.startsWith('-')) {
      console.error(`unknown option ${a}`)
      process.exit(2)
    } else opts.dirs.push(a)
  }
  return opts
}

/** A diagnostic of `terraform … -json` as the fixtures record it: severity, summary, detail and the range's lines and columns. */
export function oracleDiagnostic(d) {
  const r = d.range
  return {
    severity: d.severity,
    summary: d.summary,
    detail: d.detail ?? '',
    ...(r
      ? {range: {filename: r.filename, start: {line: r.start.line, column: r.start.column}, end: {line: r.end.line, column: r.end.column}}}
      : {}),
  }
}
