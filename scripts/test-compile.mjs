// Compiles the repository's TypeScript (src/, commands/, test/, viewer/, …) once per test run into a mirror
// tree, so each test file's process starts on plain JavaScript instead of starting tsx's hooks thread and
// compiling src/ again (about 0.4 s of CPU per file; scripts/test.mjs runs 200 files).
//
// The mirror keeps every path the tests compute: each compiled module's `import.meta.url` is replaced by the
// URL of its own .ts source (as tsx reports it), so `repoRoot`, fixtures, `new URL('./x.lua', import.meta.url)`,
// createRequire and src/hcl/parse-pool.ts's "running from source" check all see the repository, never the
// mirror. Relative imports resolve inside the mirror (a.ts → a.js beside it); every other entry of the
// repository (node_modules, package.json, fixtures, dist, scripts, non-TypeScript files under test/) is a
// symbolic link to the original. The options are tsx's (keepNames, the running Node as target), so names and
// behaviour are the same; a stack trace names the mirror's .js file, at the same line give or take a few.
import {existsSync, mkdirSync, readdirSync, symlinkSync} from 'node:fs'
import {readFile, writeFile} from 'node:fs/promises'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'

/**
 * Modules whose `import.meta.url` stays the mirror's own. src/hcl/parse-pool.ts starts its worker threads
 * from the compiled parse-worker.js beside it when it is not running from a .ts file; from source (tsx)
 * each worker registers tsx and compiles the parser's modules again (about 0.5-1 s of CPU a worker, and the
 * tests start dozens). In the mirror, the workers run the same source compiled the same way, without tsx.
 */
const OWN_URL = new Set(['src/hcl/parse-pool.ts'])

/** Directories never mirrored file by file (linked whole, or left out). */
const LINK_WHOLE = new Set(['node_modules', 'dist', '.git', 'fixtures', 'docs', 'bin', 'scripts'])

/**
 * Compiles every `.ts` file under `root` (outside LINK_WHOLE) into `mirror` and links everything else.
 * Returns the number of modules compiled.
 */
export async function compileMirror(root, mirror) {
  const esbuild = await import('esbuild')
  const jobs = []
  const walk = (rel, top) => {
    const dir = path.join(root, rel)
    mkdirSync(path.join(mirror, rel), {recursive: true})
    for (const e of readdirSync(dir, {withFileTypes: true})) {
      const r = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory() && !(top && LINK_WHOLE.has(e.name)) && e.name !== 'node_modules') walk(r, false)
      else if (e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) jobs.push(r)
      // a `.js` beside a `.ts` of the same name (a stray build output) is not linked: the compiled `.ts` takes its place
      else if (!(e.name.endsWith('.js') && existsSync(path.join(dir, e.name.slice(0, -3) + '.ts'))))
        symlinkSync(path.join(root, r), path.join(mirror, r))
    }
  }
  walk('', true)
  await Promise.all(
    jobs.map(async (rel) => {
      const source = path.join(root, rel)
      const code = await readFile(source, 'utf8')
      let out
      try {
        out = await esbuild.transform(code, {
          loader: 'ts',
          format: 'esm',
          target: `node${process.versions.node}`,
          keepNames: true,
          sourcefile: source,
          define: OWN_URL.has(rel) ? {} : {'import.meta.url': JSON.stringify(pathToFileURL(source).href)},
        })
      } catch {
        // not a module esbuild can compile (a fixture written as TypeScript): the original, linked
        symlinkSync(source, path.join(mirror, rel))
        return
      }
      // 'wx': never through a link into the repository
      await writeFile(path.join(mirror, rel.slice(0, -3) + '.js'), out.code, {flag: 'wx'})
    }),
  )
  // the compiler's service process ends here, not when the run does
  await esbuild.stop()
  return jobs.length
}
