// Crawler safety: module cycles, symlink loops, very deep chains, missing directories, -var values.
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {crawl} from '../helpers/internal.js'

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-crawl-'))
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), {recursive: true})
    writeFileSync(path.join(dir, rel), text)
  }
  return dir
}

test('a module that calls itself, and a -> b -> a, end with a cycle diagnostic', async () => {
  const dir = tree({
    'main.tf': 'module "self" {\n  source = "./"\n}\nmodule "a" {\n  source = "./a"\n}\n',
    'a/main.tf': 'module "b" {\n  source = "../b"\n}\n',
    'b/main.tf': 'module "a" {\n  source = "../a"\n}\n',
  })
  try {
    const t = await crawl(dir, {env: {}})
    const cycles = t.diagnostics.filter((d) => d.summary === 'Module call cycle')
    assert.is(cycles.length, 2)
    assert.equal(cycles.map((d) => `${d.range?.filename}:${d.range?.start.line}`).sort(), ['b/main.tf:2', 'main.tf:2'])
    assert.equal(
      t.nodes.map((n) => `${n.addr.key}:${n.resolved}`),
      [':true', 'module.a:true', 'module.a.module.b:true', 'module.a.module.b.module.a:false', 'module.self:false'],
    )
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a symlinked module directory is loaded once; a symlink loop is a cycle', async () => {
  const dir = tree({
    'main.tf': 'module "x" {\n  source = "./real"\n}\nmodule "y" {\n  source = "./link"\n}\n',
    'real/main.tf': 'module "loop" {\n  source = "./back"\n}\n',
  })
  try {
    symlinkSync(path.join(dir, 'real'), path.join(dir, 'link'))
    symlinkSync(path.join(dir, 'real'), path.join(dir, 'real', 'back'))
    const t = await crawl(dir, {env: {}})
    assert.ok(t.nodes.find((n) => n.addr.key === 'module.y')?.resolved)
    assert.is(t.nodes.find((n) => n.addr.key === 'module.x.module.loop')?.resolved, false)
    assert.ok(t.diagnostics.some((d) => d.summary === 'Module call cycle'))
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a 150-deep chain stops at the depth limit with a diagnostic, no stack overflow', async () => {
  const files: Record<string, string> = {}
  let rel = ''
  for (let i = 0; i < 150; i++) {
    files[path.join(rel, 'main.tf')] = 'module "next" {\n  source = "./n"\n}\n'
    rel = path.join(rel, 'n')
  }
  const dir = tree(files)
  try {
    const t = await crawl(dir, {env: {}, maxDepth: 100})
    assert.ok(t.diagnostics.some((d) => d.summary === 'Module nesting too deep'))
    assert.is(t.nodes.filter((n) => n.resolved).length, 101)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a missing local directory is an unresolved call with the reason', async () => {
  const dir = tree({'main.tf': 'module "gone" {\n  source = "./gone"\n}\n'})
  try {
    const t = await crawl(dir, {env: {}})
    const gone = t.nodes.find((n) => n.addr.key === 'module.gone')
    assert.is(gone?.resolved, false)
    assert.match(gone?.unresolvedReason ?? '', /cannot be read/)
    assert.ok(t.diagnostics.some((d) => d.summary === 'Unreadable module directory' && d.range?.filename === 'main.tf'))
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('source from a const variable: default, terraform.tfvars, then -var', async () => {
  const dir = tree({
    'main.tf': 'variable "where" {\n  default = "./a"\n  const   = true\n}\nmodule "m" {\n  source = var.where\n}\n',
    'a/main.tf': 'resource "null_resource" "a" {}\n',
    'b/main.tf': 'resource "null_resource" "b" {}\n',
    'c/main.tf': 'resource "null_resource" "c" {}\n',
  })
  try {
    assert.is((await crawl(dir, {env: {}})).nodes[1]?.displayDir, 'a')
    writeFileSync(path.join(dir, 'terraform.tfvars'), 'where = "./b"\n')
    assert.is((await crawl(dir, {env: {}})).nodes[1]?.displayDir, 'b')
    assert.is((await crawl(dir, {env: {}, vars: ['where=./c']})).nodes[1]?.displayDir, 'c')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a variable that is not const: Terraform (1.15+) cannot evaluate it during init; OpenTofu (1.8+) can', async () => {
  const dir = tree({
    'main.tf': 'variable "where" {\n  default = "./a"\n}\nmodule "m" {\n  source = var.where\n}\n',
    'a/main.tf': 'resource "null_resource" "a" {}\n',
  })
  try {
    const tf = await crawl(dir, {env: {}, engine: 'terraform'})
    assert.is(tf.nodes[1]?.resolved, false)
    const d = tf.diagnostics.find((x) => x.summary === 'Unknown module source')
    assert.is(d?.severity, 'error')
    assert.is(d?.detail, 'Only literal values and const variables can be evaluated during init.')
    assert.equal([d?.range?.filename, d?.range?.start.line], ['main.tf', 5])
    const tofu = await crawl(dir, {env: {}, engine: 'opentofu'})
    assert.is(tofu.nodes[1]?.displayDir, 'a')
    assert.is(tofu.diagnostics.length, 0)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a source that is not static is reported with the reason', async () => {
  const dir = tree({'main.tf': 'module "m" {\n  source = "./${lower("X")}"\n}\n'})
  try {
    const t = await crawl(dir, {env: {}})
    assert.match(t.nodes[1]?.unresolvedReason ?? '', /not a variable or a local value/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('path.cwd is the root directory, absolute (both engines)', async () => {
  const dir = tree({
    'main.tf': 'module "m" {\n  source = "${path.cwd}/a"\n}\n',
    'a/main.tf': '',
  })
  try {
    for (const engine of ['terraform', 'opentofu'] as const) {
      const t = await crawl(dir, {env: {}, engine})
      const m = t.nodes.find((n) => n.addr.key === 'module.m')
      assert.is(m?.sourceText, `${dir.split(path.sep).join('/')}/a`, engine)
      // an absolute path is not a local source: the engine installs it (go-getter's file detector)
      assert.is(m?.resolved, false, engine)
      assert.ok(
        t.diagnostics.some((d) => d.summary === 'Module not installed'),
        engine,
      )
    }
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
