// Adversarial trees (issue #8): each is built in a temporary directory, every command runs on it
// in-process (properties of properties.ts: no exception, exit 0/1/2 with an error diagnostic behind a
// failing code, well-formed ranges, terminal-safe text, parseable JSON, time bound, tree unchanged),
// and the expected outcome — a diagnostic at its location, or a clean result — is asserted. The
// full-size heavy variants (50 MB file, 100,000 resources, 10,000-deep chain followed to the end)
// run in `npm run fuzz` (heavy.ts).
import {chmodSync, mkdirSync, readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import * as lib from '../helpers/internal.js'
import {skip} from '../package/install.js'
import {checkCli, readableCliCopy, spawnCli} from './properties.js'
import {
  lockFile,
  manyResources,
  moduleChain,
  moduleDiamond,
  NULL_RESOURCE,
  removeTree,
  runAll,
  symlink,
  tempTree,
  where,
  write,
} from './trees.js'

async function withTree(build: (dir: string) => void, check: (dir: string) => Promise<void>): Promise<void> {
  const dir = tempTree()
  try {
    build(dir)
    await check(dir)
  } finally {
    removeTree(dir)
  }
}

function clean(r: Awaited<ReturnType<typeof runAll>>): void {
  assert.equal(r.violations, [], JSON.stringify(r.violations, null, 2))
}

function has(lines: string[], want: string): void {
  assert.ok(lines.includes(want), `expected ${JSON.stringify(want)} in\n${lines.join('\n')}`)
}

test('module cycle a → b → a: "Module call cycle" at the call that closes it, exit 2', async () => {
  await withTree(
    (d) =>
      write(d, {
        'main.tf': 'module "a" {\n  source = "./a"\n}\n',
        'a/main.tf': 'module "b" {\n  source = "../b"\n}\n',
        'b/main.tf': 'module "a" {\n  source = "../a"\n}\n',
      }),
    async (d) => {
      const r = await runAll(d)
      clean(r)
      has(where(r.outcomes.get('providers')), 'error Module call cycle @ b/main.tf:2')
      for (const c of ['providers', 'lint', 'graph']) assert.is(r.outcomes.get(c)?.exitCode, 2, c)
    },
  )
})

test('a module that calls itself (source "./", and "../a" from inside a): a cycle each', async () => {
  await withTree(
    (d) =>
      write(d, {
        'main.tf': 'module "me" {\n  source = "./"\n}\nmodule "a" {\n  source = "./a"\n}\n',
        'a/main.tf': 'module "again" {\n  source = "../a"\n}\n',
      }),
    async (d) => {
      const r = await runAll(d)
      clean(r)
      const w = where(r.outcomes.get('providers'))
      has(w, 'error Module call cycle @ main.tf:2')
      has(w, 'error Module call cycle @ a/main.tf:2')
    },
  )
})

test('symlink loops and a symlink to the parent: a cycle or an unreadable directory, never a hang', async () => {
  await withTree(
    (d) => {
      write(d, {
        'main.tf':
          'module "loop" {\n  source = "./loop"\n}\nmodule "ping" {\n  source = "./ping"\n}\nmodule "up" {\n  source = "./sub/up"\n}\n',
      })
      symlink('loop', path.join(d, 'loop'))
      symlink('pong', path.join(d, 'ping'))
      symlink('ping', path.join(d, 'pong'))
      symlink('..', path.join(d, 'sub/up'))
    },
    async (d) => {
      const r = await runAll(d)
      clean(r)
      const w = where(r.outcomes.get('providers'))
      has(w, 'error Unreadable module directory @ main.tf:1')
      has(w, 'error Unreadable module directory @ main.tf:4')
      has(w, 'error Module call cycle @ main.tf:8')
      // lint --recursive walks the tree without following links
      const roots = await lib.findRootModules(new lib.RunContext(), d)
      assert.equal(roots, [d])
    },
  )
})

test('a symlinked module directory is read like any other: clean result', async () => {
  await withTree(
    (d) => {
      write(d, {'main.tf': 'module "net" {\n  source = "./modules/net"\n}\n', 'real/net/main.tf': NULL_RESOURCE('in_net')})
      symlink('../real/net', path.join(d, 'modules/net'))
    },
    async (d) => {
      const r = await runAll(d)
      clean(r)
      const p = r.outcomes.get('providers')!
      assert.equal(where(p), [])
      assert.is(p.exitCode, 0)
      const doc = JSON.parse(p.json[0]!) as {resources: {address: string}[]}
      assert.equal(
        doc.resources.map((x) => x.address),
        ['module.net.null_resource.in_net'],
      )
    },
  )
})

test('a chain of modules deeper than --max-depth (default 100) stops with a diagnostic at the call (10,000 deep: npm run fuzz)', async () => {
  await withTree(
    (d) => moduleChain(d, 150),
    async (d) => {
      const t = Date.now()
      const a = await lib.analyzeProviders(d, {env: {}})
      assert.ok(Date.now() - t < 30_000, `${Date.now() - t} ms`)
      assert.is(a.tree.nodes.length, 102, 'the root, m0 … m99, and the unresolved call of m100')
      const deep = a.diagnostics.filter((x) => x.summary === 'Module nesting too deep')
      assert.is(deep.length, 1)
      assert.is(deep[0]?.range?.filename, 'mods/m99/main.tf')
      assert.is(deep[0]?.range?.start.line, 1)
      const shallow = await lib.analyzeProviders(d, {env: {}, maxDepth: 5})
      assert.is(shallow.tree.nodes.length, 7)
      assert.ok(shallow.diagnostics.some((x) => x.summary === 'Module nesting too deep' && x.range?.filename === 'mods/m4/main.tf'))
    },
  )
})

test('a module calling the next one twice, 30 levels deep (2^30 instances), stops at --max-modules', async () => {
  await withTree(
    (d) => moduleDiamond(d, 30),
    async (d) => {
      const t = Date.now()
      const a = await lib.analyzeProviders(d, {env: {}, maxModules: 2000})
      assert.ok(Date.now() - t < 30_000, `${Date.now() - t} ms`)
      // every followed call is a node, and so is each call it could not follow (at most two per module here)
      assert.ok(a.tree.nodes.length <= 1 + 3 * 2000, String(a.tree.nodes.length))
      const limit = a.diagnostics.filter((x) => x.summary === 'Too many module calls')
      assert.is(limit.length, 1, 'reported once')
      assert.ok(limit[0]?.range?.filename.startsWith('mods/d'))
      assert.ok(a.incomplete, 'a limit makes the result incomplete (exit 1)')
      const def = await lib.analyzeProviders(d, {env: {}})
      assert.ok(def.tree.nodes.length <= 1 + 3 * lib.DEFAULT_MAX_MODULES, String(def.tree.nodes.length))
      assert.ok(def.diagnostics.some((x) => x.summary === 'Too many module calls'))
    },
  )
})

test('--max-files: reading stops at the limit with a diagnostic, and the result is incomplete', async () => {
  await withTree(
    (d) => {
      write(d, {'main.tf': 'module "a" {\n  source = "./a"\n}\nmodule "b" {\n  source = "./b"\n}\n'})
      for (let i = 0; i < 6; i++) write(d, {[`a/f${i}.tf`]: NULL_RESOURCE(`a${i}`), [`b/f${i}.tf`]: NULL_RESOURCE(`b${i}`)})
    },
    async (d) => {
      const a = await lib.analyzeProviders(d, {env: {}, maxFiles: 4})
      assert.ok(a.incomplete)
      const limit = a.diagnostics.filter((x) => x.summary === 'Too many configuration files')
      assert.ok(
        limit.length >= 1 && limit.length <= 2,
        where({command: '', exitCode: 0, diagnostics: a.diagnostics, text: [], json: []}).join('\n'),
      )
      assert.ok(a.tree.nodes.find((n) => n.addr.key === 'module.b')?.resolved === false, 'module.b is not read')
      const one = await lib.loadModuleDir(path.join(d, 'a'), {fileBudget: {remaining: 2, limit: 2}})
      assert.ok(one.incomplete)
      assert.is(one.module.managedResources.size, 2)
      const all = await lib.analyzeProviders(d, {env: {}})
      assert.not.ok(all.incomplete)
    },
  )
})

test('1,000 resources in one module: clean and quick (100,000: npm run fuzz)', async () => {
  await withTree(
    (d) => manyResources(d, 1000),
    async (d) => {
      const r = await runAll(d)
      clean(r)
      const p = r.outcomes.get('providers')!
      assert.is(p.exitCode, 0)
      assert.match(p.text[0]!, /1 provider configuration used by 1000 resources/)
    },
  )
})

test('binary main.tf: "Invalid character" at the first NUL; without NUL bytes "Invalid character encoding"; exit 1', async () => {
  await withTree(
    (d) =>
      write(d, {
        'main.tf': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x0a, 0x02, 0x01, 0x00, 0xff]),
        'other/main.tf': Buffer.from([0x41, 0x0a, 0x42, 0x43, 0xfe, 0xff, 0x80]),
      }),
    async (d) => {
      const r = await runAll(d)
      clean(r)
      const c = r.outcomes.get('config')!
      assert.is(c.exitCode, 1)
      const nul = c.diagnostics.find((x) => x.summary === 'Invalid character')
      assert.equal(nul?.range?.start, {line: 2, column: 3, byte: 7})
      const other = await lib.loadConfig(path.join(d, 'other'))
      assert.equal(
        other.diagnostics.map((x) => `${x.summary} ${x.range?.start.line}:${x.range?.start.column}`),
        ['Invalid character encoding 2:3'],
      )
    },
  )
})

test('a directory named x.tf is not a file: ignored beside main.tf; alone it means no configuration files', async () => {
  await withTree(
    (d) => {
      write(d, {'main.tf': NULL_RESOURCE('a'), 'x.tf/inner.tf': NULL_RESOURCE('hidden')})
      mkdirSync(path.join(d, 'only/y.tf'), {recursive: true})
    },
    async (d) => {
      const r = await runAll(d)
      clean(r)
      assert.is(r.outcomes.get('config')?.exitCode, 0)
      const only = await lib.loadConfig(path.join(d, 'only'))
      assert.equal(
        only.diagnostics.map((x) => x.summary),
        ['No configuration files'],
      )
      assert.ok(only.incomplete)
    },
  )
})

test('odd file names (spaces, quotes, newline, tab, non-ASCII, ESC, RTL override) are read; their names are escaped in text and exact in JSON', async () => {
  const names = ['my file.tf', 'q"uote.tf', 'new\nline.tf', 'tab\tname.tf', 'ünïcödé.tf', '\u001b[31mred.tf', '\u202eevil.tf']
  await withTree(
    (d) => {
      for (const [i, n] of names.entries()) write(d, {[n]: `resource "null_resource" "r${i}" {\n  bad = \n}\n`})
    },
    async (d) => {
      const r = await runAll(d)
      clean(r)
      const c = r.outcomes.get('config')!
      const doc = JSON.parse(c.json[0]!) as {files: {path: string}[]; diagnostics: {range?: {filename: string}}[]}
      assert.equal(doc.files.map((f) => f.path).sort(), [...names].sort())
      assert.equal([...new Set(doc.diagnostics.map((x) => x.range?.filename))].sort(), [...names].sort())
      const text = c.text.join('\n')
      assert.match(text, /on \\u001b\[31mred\.tf:2,/)
      assert.match(text, /on new\\nline\.tf:2,/)
      assert.match(text, /on \\u202eevil\.tf:2,/)
    },
  )
})

test('modules.json pointing outside the data directory: not followed, a warning at the call', async () => {
  const outside = tempTree()
  try {
    write(outside, {'main.tf': NULL_RESOURCE('secret')})
    await withTree(
      (d) => {
        write(d, {
          'main.tf':
            'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n}\nmodule "abs" {\n  source = "git::https://example.com/x.git"\n}\n',
          '.terraform/modules/modules.json': JSON.stringify({
            Modules: [
              {Key: '', Source: '', Dir: '.'},
              {Key: 'vpc', Source: 'registry.terraform.io/terraform-aws-modules/vpc/aws', Version: '5.0.0', Dir: path.relative(d, outside)},
              {Key: 'abs', Source: 'git::https://example.com/x.git', Dir: outside},
            ],
          }),
        })
      },
      async (d) => {
        const r = await runAll(d)
        clean(r)
        const p = r.outcomes.get('providers')!
        const w = where(p)
        has(w, 'warning Installed module outside the data directory @ main.tf:1')
        has(w, 'warning Installed module outside the data directory @ main.tf:5')
        assert.not.match(p.json[0]!, /secret/)
        assert.is(p.exitCode, 0)
      },
    )
  } finally {
    removeTree(outside)
  }
})

test('modules.json pointing to a missing directory, malformed, or with wrong types: diagnostics, no crash', async () => {
  const manifests: [string, string][] = [
    [
      JSON.stringify({
        Modules: [
          {Key: 'vpc', Source: 'registry.terraform.io/terraform-aws-modules/vpc/aws', Version: '5.0.0', Dir: '.terraform/modules/gone'},
        ],
      }),
      'error Unreadable module directory @ main.tf:1',
    ],
    ['{"Modules": [', 'warning Invalid module manifest @ -'],
    ['{"Modules": "all of them"}', 'warning Invalid module manifest @ -'],
    ['{"Modules": [{"Key": 1, "Dir": {}}, null, 7]}', 'warning Module not installed @ main.tf:1'],
    ['[]', 'warning Invalid module manifest @ -'],
  ]
  for (const [manifest, expected] of manifests) {
    await withTree(
      (d) =>
        write(d, {
          'main.tf': 'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n}\n',
          '.terraform/modules/modules.json': manifest,
        }),
      async (d) => {
        const r = await runAll(d)
        clean(r)
        has(where(r.outcomes.get('providers')), expected)
      },
    )
  }
})

test('a truncated lock file: a syntax error at its location, exit 2; a large lock file is read', async () => {
  const full = lockFile(3, 2)
  await withTree(
    (d) => write(d, {'main.tf': NULL_RESOURCE('a'), '.terraform.lock.hcl': full.slice(0, full.indexOf('hashes = [') + 15)}),
    async (d) => {
      const r = await runAll(d)
      clean(r)
      const l = r.outcomes.get('lock')!
      assert.is(l.exitCode, 2)
      const err = l.diagnostics.find((x) => x.range?.filename === '.terraform.lock.hcl' && x.severity === 'error')
      assert.ok(err, where(l).join('\n'))
    },
  )
  await withTree(
    (d) => write(d, {'main.tf': NULL_RESOURCE('a'), '.terraform.lock.hcl': lockFile(300, 8)}),
    async (d) => {
      const c = await lib.checkLock(d, {env: {}})
      assert.is(c.providers.filter((p) => p.status === 'unused').length, 300)
    },
  )
})

test('main.tf and MAIN.tf: both are read (case-sensitive file systems); the same resource in both is a duplicate', async () => {
  await withTree(
    (d) => write(d, {'main.tf': NULL_RESOURCE('same'), 'MAIN.tf': NULL_RESOURCE('same')}),
    async (d) => {
      if (readdirSync(d).length < 2) return // a case-insensitive file system keeps one file: nothing to test
      const r = await runAll(d)
      clean(r)
      const c = r.outcomes.get('config')!
      assert.is(c.exitCode, 2)
      assert.ok(
        c.diagnostics.some(
          (x) => x.summary.startsWith('Duplicate resource') && x.range?.filename === 'main.tf' && x.detail.includes('MAIN.tf:1'),
        ),
        where(c).join('\n'),
      )
    },
  )
})

test('unreadable files and directories: "Failed to read file" / unreadable module directory (as root: checked as an unprivileged user)', async () => {
  await withTree(
    (d) => {
      write(d, {
        'main.tf': 'module "locked" {\n  source = "./locked"\n}\n',
        'secret.tf': NULL_RESOURCE('s'),
        'locked/main.tf': NULL_RESOURCE('l'),
        'root-locked/main.tf': NULL_RESOURCE('x'),
      })
      chmodSync(path.join(d, 'secret.tf'), 0)
      chmodSync(path.join(d, 'locked'), 0)
      chmodSync(path.join(d, 'root-locked'), 0)
    },
    async (d) => {
      let readable = true
      try {
        readFileSync(path.join(d, 'secret.tf'))
      } catch {
        readable = false
      }
      if (!readable) {
        // not root: chmod 000 is enforced for this process
        const r = await runAll(d)
        clean(r)
        has(where(r.outcomes.get('config')), 'error Failed to read file @ secret.tf:1')
        assert.is(r.outcomes.get('config')?.exitCode, 1)
        has(where(r.outcomes.get('providers')), 'error Unreadable module directory @ main.tf:1')
        return
      }
      // root reads anything: run the CLI as "nobody", for whom the modes hold — from a copy it can read
      // wherever the clone lives (a 0700 parent directory is what `mktemp -d` and /root give)
      assert.is(process.getuid?.(), 0, 'only root can read a chmod 000 file')
      const copy = readableCliCopy(65534, 65534)
      if ('why' in copy) {
        skip('unreadable files as an unprivileged user', copy.why)
        return
      }
      try {
        await asNobody(d, copy.root)
      } finally {
        copy.remove()
      }
    },
  )
})

async function asNobody(d: string, cliRoot: string): Promise<void> {
  const home = path.join(d, 'home')
  mkdirSync(home)
  chmodSync(home, 0o777)
  const env = {...process.env, HOME: home, TFGRAPH_CACHE_DIR: path.join(home, 'cache'), TFGRAPH_JOBS: '1'}
  const cfg = spawnCli(['config', d, '--json'], {bytes: 0, env, uid: 65534, gid: 65534, cliRoot})
  assert.equal(checkCli('config', cfg), [])
  assert.is(cfg.status, 1, cfg.stderr)
  const doc = JSON.parse(cfg.stdout) as {diagnostics: {summary: string; range?: {filename: string}}[]}
  assert.ok(
    doc.diagnostics.some((x) => x.summary === 'Failed to read file' && x.range?.filename === 'secret.tf'),
    cfg.stdout,
  )
  const prov = spawnCli(['providers', d, '--json'], {bytes: 0, env, uid: 65534, gid: 65534, cliRoot})
  assert.equal(checkCli('providers', prov), [])
  const pdoc = JSON.parse(prov.stdout) as {diagnostics: {summary: string; range?: {filename: string; start: {line: number}}}[]}
  assert.ok(
    pdoc.diagnostics.some((x) => x.summary === 'Unreadable module directory' && x.range?.filename === 'main.tf'),
    prov.stdout,
  )
  const rootDir = spawnCli(['lint', path.join(d, 'root-locked')], {bytes: 0, env, uid: 65534, gid: 65534, cliRoot})
  assert.equal(checkCli('lint', rootDir), [])
  assert.is(rootDir.status, 1)
  assert.match(rootDir.stdout + rootDir.stderr, /Failed to read module directory/)
  // --recursive: a directory the search cannot list is a root that could not be read (exit 1, listed), not
  // silently left out; `locked`, which main.tf calls, is that call's diagnostic and not listed again
  const tree = spawnCli(['lint', d, '--recursive', '--json'], {bytes: 0, env, uid: 65534, gid: 65534, cliRoot})
  assert.equal(checkCli('lint', tree), [])
  assert.is(tree.status, 1, tree.stderr)
  const summary = (JSON.parse(tree.stdout) as {summary: {roots: number; unread: string[]}}).summary
  assert.equal(
    summary.unread.map((u) => path.basename(u)),
    [path.basename(d), 'root-locked'],
  )
  assert.match(tree.stderr, /root modules \(.*root-locked\) could not be read completely/)
  const text = spawnCli(['lint', d, '--recursive'], {bytes: 0, env, uid: 65534, gid: 65534, cliRoot})
  assert.is(text.status, 1)
  assert.match(text.stdout, /root-locked could not be read \(permission denied\): root modules under it, if any, were not linted/)
  assert.match(text.stdout, /2 root modules: .*; 2 could not be read/)
}

test('a configuration nested 10,000 levels deep (blocks, brackets, templates, JSON): refused with a diagnostic, and the parser keeps working', async () => {
  const deep = {
    'blocks.tf': 'a {\n'.repeat(10_000) + '}\n'.repeat(10_000),
    'list.tf': `x = ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`,
    'tmpl.tf': `y = "${'${"'.repeat(10_000)}${'"}'.repeat(10_000)}"\n`,
    'neg.tf': `z = ${'-'.repeat(100_000)}1\n`,
    'deep.tf.json': `{"locals": {"v": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}`,
  }
  await withTree(
    (d) =>
      write(d, {
        ...deep,
        'main.tf': NULL_RESOURCE('still_read'),
        'terraform.tfvars': `v = ${'{a = '.repeat(10_000)}1${'}'.repeat(10_000)}\n`,
        '.terraform.lock.hcl': 'provider "x" {\n'.repeat(5000),
      }),
    async (d) => {
      const r = await runAll(d)
      clean(r)
      const c = r.outcomes.get('config')!
      const tooDeep = c.diagnostics
        .filter((x) => x.summary === 'Configuration nested too deeply')
        .map((x) => `${x.range?.filename}:${x.range?.start.line}`)
      assert.equal(tooDeep.sort(), ['blocks.tf:501', 'deep.tf.json:1', 'list.tf:1', 'neg.tf:1', 'tmpl.tf:1'])
      assert.ok(JSON.parse(c.json[0]!).config.resource.null_resource.still_read, 'the other files are read')
      has(where(r.outcomes.get('providers')), 'error Configuration nested too deeply @ terraform.tfvars:1')
      has(where(r.outcomes.get('lock')), 'error Configuration nested too deeply @ .terraform.lock.hcl:501')
      // the WebAssembly parser was never handed the deep files, so it still parses
      write(d, {'ok/main.tf': NULL_RESOURCE('after')})
      const ok = await lib.loadConfig(path.join(d, 'ok'))
      assert.equal(ok.diagnostics, [])
    },
  )
})

test('nesting just under the limit is still read', async () => {
  await withTree(
    (d) =>
      write(d, {
        'main.tf': `locals {\n  x = ${'['.repeat(400)}${']'.repeat(400)}\n}\n`,
        'b.tf.json': `{"locals": {"y": ${'['.repeat(400)}${']'.repeat(400)}}}`,
      }),
    async (d) => {
      const c = await lib.loadConfig(d)
      assert.equal(c.diagnostics, [])
      assert.ok(c.module.locals.has('x') && c.module.locals.has('y'))
    },
  )
})

test.run()
