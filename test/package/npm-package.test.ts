// The npm package (docs/install.md): the tarball holds only what runs, installs offline from the npm
// cache with no build step, and `tfgraph` works from the install — outside the clone, without dev
// dependencies. Bounds below are upper limits of the figures docs/install.md records.
import {spawnSync} from 'node:child_process'
import {builtinModules} from 'node:module'
import {cpSync, existsSync, readFileSync, readdirSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir, repoRoot} from '../helpers/paths.js'
import {installed, npm, skip, type Installed} from './install.js'

// 470: tfgraph lsp added its module files (src/lsp, the overlay source, the workspace: 12 with their .d.ts);
// 560: the decoded model's modules (crawl/call-source, walker, load/decode, load/records, imports, hcl/expr…),
// the page's layout and text measures, and the rules of #33 (a .js and a .d.ts per source file);
// 580: providers started without the command framework (#41: bin/load-script.cjs, dist/cli/quick*.cjs and their
// code caches, cli/providers-run, graph-run, quick, quick-run, flag-values)
// 640: Terraform Stacks (#40: load/stacks, the stack analysis, its renderers, lint and hover)
// 660: the fix engine (#38: rules/fix, lint/fix, render/fix-diff, lsp code actions)
// 680: the second fidelity scan's checks (#39)
// 740: the state (#51: src/state, addrs/instance), the third scan's checks (#52: module arguments, literal
// sources, pinned releases), the editor's last-good-parse answers (#49: lsp/shift), fixes that leave no husks (#54)
// 760: the rules' shared module-stage helpers (#50: rules/expression-findings), the editor's provider
// fingerprint and re-anchored findings (#48: lint/provider-fingerprint, lint/reanchor)
// 780: the fourth session's modules (#50: addrs/instance's values, render/graph-page-label; #48: lsp/idle)
// 790: lint --recursive's second thread (#53: lint/lint-threads, lint/lint-worker, dist/cli/lint-worker.cjs)
const MAX_FILES = 790
// 1 MB: the language server, the decoded model and the rules of #33;
// 1.6 MB: providers' start without the command framework (#41): the library bundled a second time as one
// CommonJS script (dist/cli/quick-run.cjs, ~0.2 MB packed) and the V8 code caches of it and quick.cjs (~0.34 MB
// packed; used when the installed Node is the one the package was built with, rejected by V8 otherwise)
// 1.7 MB: and Terraform Stacks (#40, ~0.08 MB packed)
// 1.8 MB: and the second fidelity scan's checks (#39, ~0.1 MB packed)
// 1.9 MB: and the page's fans, lanes and call edges (#42)
// 2.0 MB: and the state (#51), the third scan's checks (#52), #49's and #54's modules (~0.04 MB packed)
// 2.3 MB: every command's quick start (#53): the runs of lint, graph, lock and config in the quick start's
// script (dist/cli/quick-run.cjs, now minified: 1.1 MB) and in its code cache (~0.26 MB packed)
// 2.35 MB: stack and state addresses as values (#50: addrs/stack), the editor's traffic and first update
// (#48), the results entries' new form (#53), in dist/src and again in the quick start's script (~0.03 MB)
// 2.4 MB: the language server in the quick start's script and its code cache (#48: `tfgraph lsp` without
// oclif; the server's code there once, the oclif command starting it from the same script), the state's
// instance addresses as values (#50), the server's idle collection (#48): 2.311 -> 2.352 MB
// 2.45 MB: lint --recursive's second thread and the results cache's writes in the background (#53): 2.410 MB
const MAX_PACKED_BYTES = 2_450_000
// 6.2 MB unpacked: the same two scripts and caches are ~1.66 MB of it
// 6.5 MB: and Terraform Stacks
// 7.2 MB: Stacks, the second scan's checks, the page's additions and the module index (#40, #39, #42, #36)
// 7.5 MB: the state, the third scan's checks, #49's and #54's modules (#51, #52, #49, #54; ~0.13 MB)
// 8.0 MB: every command's quick start (#53; ~0.4 MB)
// 8.1 MB: test and stack files' block rows (#50: load/file-sites), the editor's per-block memos (#48) and the
// count text without Intl (#53), in dist/src and again in the quick start's script (~0.03 MB)
// 8.2 MB: stack and state addresses as values, the editor's traffic, the results entries' new form (~0.09 MB)
// 8.3 MB: the second parsing thread (#53: hcl/parse-lane, lane-worker, native/transfer) and the server's
// young-generation bound (#48: lsp/young), in dist/src and again in the quick start's script (~0.05 MB)
// 8.45 MB: lint --recursive on two threads, the warm corpus's stamps as numbers, the editor's carried
// findings (#53, #48; ninth session): 8.37 MB
const MAX_UNPACKED_BYTES = 8_450_000

const packageJsonBefore = readFileSync(path.join(repoRoot, 'package.json'), 'utf8')
const got = await installed()
const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  scripts: Record<string, string>
  bin: Record<string, string>
}

// npm ci lists every dependency whose install script package.json's allowScripts does not decide on
// (npm 11.16+; npm 12 blocks them): each one is decided, so `npm ci` in a clone warns about nothing
test('every dependency with an install script is decided in allowScripts (npm ci warns about none)', () => {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, {hasInstallScript?: boolean}>
  }
  const allow = (JSON.parse(packageJsonBefore) as {allowScripts?: Record<string, boolean>}).allowScripts ?? {}
  const withScripts = Object.entries(lock.packages)
    .filter(([key, e]) => key.startsWith('node_modules/') && e.hasInstallScript)
    .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length))
  assert.ok(withScripts.length > 0, 'esbuild has one')
  assert.equal(
    withScripts.filter((name) => !(name in allow) && !Object.keys(allow).some((k) => k.startsWith(`${name}@`))),
    [],
  )
})

test('the tarball npm pack leaves in the clone is ignored by git', () => {
  const name = `tfgraph-${(JSON.parse(packageJsonBefore) as {version: string}).version}.tgz`
  const git = spawnSync('git', ['check-ignore', '--quiet', '--no-index', name], {cwd: repoRoot})
  if (git.error === undefined && (git.status === 0 || git.status === 1)) assert.is(git.status, 0, `git does not ignore ${name}`)
  else assert.ok(readFileSync(path.join(repoRoot, '.gitignore'), 'utf8').split('\n').includes('*.tgz'), '.gitignore has *.tgz')
})

if (typeof got === 'string') {
  skip('package/npm-package', got)
  test.run()
} else {
  const inst: Installed = got
  const run = (bin: string, args: string[], cwd = inst.work) =>
    spawnSync(inst.bin(bin), args, {cwd, encoding: 'utf8', env: {...process.env, NO_COLOR: '1'}})

  test('the tarball holds only what runs: bin/, the built dist/cli, dist/src and dist/viewer, the manifest', () => {
    // dist/cli/quick*.cjs and their V8 code caches (.cjs.cache) are what `providers` starts from (bin/load-script.cjs)
    const allowed =
      /^(README\.md|LICENSE|package\.json|oclif\.manifest\.json|bin\/((run|pre-commit|load-script|oclif-run)\.js|(run|pre-commit|load-script)\.cjs)|dist\/(cli|src)\/.+\.(js|d\.ts)|dist\/cli\/[\w-]+\.cjs(\.cache)?|dist\/viewer\/viewer\.(js|css))$/
    const stray = inst.files.filter((f) => !allowed.test(f))
    assert.equal(stray, [], `files that do not run: ${stray.join(', ')}`)
    assert.ok(!inst.files.some((f) => /^(test|fixtures|scripts|src|commands|docs)\//.test(f)))
    assert.ok(inst.files.length <= MAX_FILES, `${inst.files.length} files > ${MAX_FILES}`)
    assert.ok(inst.size <= MAX_PACKED_BYTES, `${inst.size} bytes packed > ${MAX_PACKED_BYTES}`)
    assert.ok(inst.unpackedSize <= MAX_UNPACKED_BYTES, `${inst.unpackedSize} bytes unpacked > ${MAX_UNPACKED_BYTES}`)
  })

  test('every package the shipped code imports is a runtime dependency (or a Node built-in)', () => {
    const builtins = new Set(builtinModules)
    // oclif's optional TypeScript loaders (a plugin written in TypeScript); tfgraph ships JavaScript only
    const optional = new Set(['typescript', 'ts-node'])
    const missing = new Set<string>()
    const seen = new Set<string>()
    for (const f of inst.files.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(inst.prefix, 'node_modules/tfgraph', f), 'utf8')
      for (const m of text.matchAll(
        /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w.\/-]*)?)["']/gm,
      )) {
        const spec = m[1]!
        if (spec.startsWith('node:') || builtins.has(spec.split('/')[0]!)) continue
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!
        seen.add(name)
        if (!(name in pkg.dependencies) && !optional.has(name)) missing.add(`${name} (${f})`)
      }
    }
    assert.equal([...missing], [])
    // the scan sees the imports the bundle leaves outside it
    assert.ok(seen.has('@cdktf/hcl2json') && seen.has('@viz-js/viz'), [...seen].join(', '))
  })

  test('installed from the tarball with no build and no dev dependency', () => {
    const installedDir = path.join(inst.prefix, 'node_modules')
    assert.ok(existsSync(path.join(installedDir, 'tfgraph/dist/cli/entry.js')))
    assert.ok(!existsSync(path.join(installedDir, 'tfgraph/tsconfig.json')))
    // dev-only: graphology-types is also graphology's peer dependency, so it installs with it
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {packages: Record<string, {dev?: boolean}>}
    const present = new Set(
      readdirSync(installedDir).flatMap((d) => (d.startsWith('@') ? readdirSync(path.join(installedDir, d)).map((s) => `${d}/${s}`) : [d])),
    )
    const dev = Object.keys(pkg.devDependencies).filter((d) => lock.packages[`node_modules/${d}`]?.dev && present.has(d))
    assert.equal(dev, [], 'dev dependencies in the install')
    // tfgraph's own scripts do not run at install (prepare needs the dev dependencies and the sources)
    assert.ok(!('postinstall' in pkg.scripts) && !('install' in pkg.scripts) && !('preinstall' in pkg.scripts))
    // and the packed manifest has no prepare either, so npm has no install script to warn about
    assert.ok('prepare' in pkg.scripts, 'a clone builds at npm ci')
    assert.not.ok('prepare' in (inst.manifest.scripts ?? {}), 'the tarball does not')
    assert.not.match(inst.installStderr, /install-scripts|allowScripts/, inst.installStderr)
    // packed from a copy (install.ts), whose package.json postpack must have put back as it was
    assert.not.ok(existsSync(path.join(inst.packedFrom, '.package.json.packing')), 'postpack put package.json back')
    assert.is(readFileSync(path.join(inst.packedFrom, 'package.json'), 'utf8'), packageJsonBefore, 'package.json unchanged by packing')
    assert.is(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'), packageJsonBefore, "the repository's package.json untouched")
  })

  test('tfgraph --version', () => {
    const r = run('tfgraph', ['--version'])
    assert.is(r.status, 0, r.stderr)
    assert.match(r.stdout, new RegExp(`^tfgraph/${pkg.version.replace(/\./g, '\\.')} `))
  })

  test('tfgraph providers <dir>: a copy of fixtures/providers/demo outside the clone', () => {
    cpSync(path.join(fixturesDir, 'providers/demo'), path.join(inst.work, 'demo'), {recursive: true})
    const r = run('tfgraph', ['providers', 'demo', '--resource', 'module.network.module.subnet.aws_subnet.private'])
    assert.is(r.status, 0, r.stderr)
    assert.match(r.stdout, '3 modules, 2/2 module calls resolved')
    assert.match(r.stdout, 'uses provider["registry.terraform.io/hashicorp/aws"].east')
    assert.match(r.stdout, 'demo/network/subnet/main.tf:6,1-32')
  })

  test('tfgraph lint --format sarif <dir>: SARIF 2.1.0 with the findings, exit 2 on an error', () => {
    cpSync(path.join(fixturesDir, 'lint/ignore-and-config'), path.join(inst.work, 'ignore-and-config'), {recursive: true})
    const r = run('tfgraph', ['lint', '--format', 'sarif', 'ignore-and-config'])
    assert.is(r.status, 2, r.stderr)
    const sarif = JSON.parse(r.stdout) as {
      version: string
      runs: {
        tool: {driver: {name: string}}
        results: {ruleId: string; locations: {physicalLocation: {artifactLocation: {uri: string}}}[]}[]
      }[]
    }
    assert.is(sarif.version, '2.1.0')
    assert.is(sarif.runs[0]!.tool.driver.name, 'tfgraph')
    const results = sarif.runs[0]!.results
    assert.ok(
      results.some((x) => x.ruleId === 'legacy-module-provider'),
      JSON.stringify(results.map((x) => x.ruleId)),
    )
    assert.match(results[0]!.locations[0]!.physicalLocation.artifactLocation.uri, 'ignore-and-config/a/main.tf')
  })

  test('npm exec / npx run tfgraph from the install prefix, offline', () => {
    const viaExec = spawnSync(npm, ['exec', '--prefix', inst.prefix, '--offline', '--', 'tfgraph', '--version'], {
      cwd: inst.work,
      encoding: 'utf8',
    })
    assert.is(viaExec.status, 0, viaExec.stderr)
    assert.match(viaExec.stdout, `tfgraph/${pkg.version}`)
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
    const viaNpx = spawnSync(npx, ['--offline', 'tfgraph', 'lint', '--format', 'compact', path.join(inst.work, 'ignore-and-config')], {
      cwd: inst.prefix,
      encoding: 'utf8',
      env: {...process.env, NO_COLOR: '1'},
    })
    assert.is(viaNpx.status, 2, viaNpx.stderr)
    assert.match(viaNpx.stdout, 'error: Provider configured inside a shared module [legacy-module-provider]')
  })

  test('the pre-commit entry is installed as a command of the package', () => {
    assert.is(pkg.bin['tfgraph-pre-commit'], 'bin/pre-commit.cjs')
    const r = run('tfgraph-pre-commit', ['lint', path.join('ignore-and-config', 'main.tf')])
    assert.ok(r.status === 0 || r.status === 2, `exit ${r.status}: ${r.stderr}`)
  })

  test.run()
}
