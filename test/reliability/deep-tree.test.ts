// Walks over the module tree must not recurse per level: with --max-depth raised, a chain of modules is
// deeper than the JavaScript stack (Terraform's validation recursed and overflowed at about 900 levels).
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {ModulePath} from '../../src/addrs/module.js'
import * as lib from '../helpers/internal.js'
import type {ModuleNode, ModuleTree} from '../helpers/internal.js'
import {removeTree, tempTree, write} from './trees.js'

test('provider validation and the requirements tree on a 2,500-level module chain', async () => {
  const dir = tempTree()
  try {
    write(dir, {
      'm/main.tf': 'module "a" {\n  source = "./"\n  count  = 1\n}\nresource "aws_instance" "x" {}\nprovider "aws" {\n  region = "x"\n}\n',
    })
    const loaded = await lib.loadModuleDir(path.join(dir, 'm'))
    const call = loaded.module.moduleCalls.get('a')
    const make = (parent: ModuleNode | undefined, depth: number): ModuleNode => {
      const p = parent ? [...parent.path, 'a'] : []
      return {
        path: p,
        addr: ModulePath.of(p),
        key: p.join('.'),
        parent,
        call: parent ? call : undefined,
        sourceText: parent ? './' : undefined,
        source: undefined,
        version: undefined,
        count: depth > 0,
        forEach: false,
        dependsOn: false,
        enabled: false,
        dir: path.join(dir, 'm'),
        displayDir: 'm',
        module: loaded.module,
        resolved: true,
        unresolvedReason: undefined,
        variables: new Map(),
        children: [],
      }
    }
    const root = make(undefined, 0)
    const nodes: ModuleNode[] = [root]
    let at = root
    for (let d = 1; d <= 2500; d++) {
      const child = make(at, d)
      at.children.push(child)
      nodes.push(child)
      at = child
    }
    const tree: ModuleTree = {
      rootDir: dir,
      engine: 'terraform',
      root,
      nodes,
      diagnostics: [],
      diagnosticModules: new Map(),
      incomplete: false,
    }
    const diags = lib.validateProviderConfigs(tree)
    assert.ok(
      diags.some((d) => d.summary === 'Module is incompatible with count, for_each, and depends_on'),
      [...new Set(diags.map((d) => d.summary))].join(', '),
    )
    const text = lib.requirementsTree(tree)
    assert.is(text.split('\n').filter((l) => l.includes('module.a')).length, 2500)
  } finally {
    removeTree(dir)
  }
})

test.run()
