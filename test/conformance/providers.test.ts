// Provider-resolution cases of ../shared/conformance/INDEX.md (transform-provider-*, provider-reqs,
// command/testdata/providers*), under both engines (host names substituted for Terraform).
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders, requirementsTree, type EngineName} from '../helpers/internal.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const C = suite('conformance: provider resolution')
const up = path.join(sharedDir, 'conformance/opentofu/internal')
const host = (e: EngineName) => (e === 'opentofu' ? 'registry.opentofu.org' : 'registry.terraform.io')

const BINDINGS: Record<string, Record<string, string>> = {
  'transform-provider-basic': {'aws_instance.web': 'provider["H/hashicorp/aws"]'},
  'transform-provider-fqns': {'aws_instance.web': 'provider["H/hashicorp/aws"]'},
  'transform-provider-fqns-module': {'aws_instance.web': 'provider["H/hashicorp/aws"]'},
  'transform-provider-missing': {'aws_instance.web': 'provider["H/hashicorp/aws"]', 'foo_instance.web': 'provider["H/hashicorp/foo"]'},
  'transform-provider-missing-grandchild': {
    'module.sub.module.subsub.foo_instance.one': 'module.sub.provider["H/hashicorp/foo"]',
    'module.sub.module.subsub.bar_instance.two': 'provider["H/hashicorp/bar"]',
  },
  'transform-provider-prune': {'foo_instance.web': 'provider["H/hashicorp/foo"]'},
  'transform-provider-inherit': {'module.child.aws_instance.thing': 'provider["H/hashicorp/aws"].foo'},
  'transform-provider-grandchild-inherit': {'module.child.module.grandchild.aws_instance.baz': 'provider["H/hashicorp/aws"].foo'},
}

if (hasShared('conformance: provider resolution', 'conformance/opentofu/internal')) {
  for (const engine of ['terraform', 'opentofu'] as const) {
    for (const [name, want] of Object.entries(BINDINGS)) {
      C(`${name} (${engine})`, async () => {
        const a = await analyzeProviders(path.join(up, 'tofu/testdata', name), {engine, env: {}})
        const got = Object.fromEntries(a.resolution.resources.map((r) => [r.address.key, r.providerConfig?.key]))
        const expected = Object.fromEntries(Object.entries(want).map(([k, v]) => [k, v.replace('H/', host(engine) + '/')]))
        assert.equal(got, expected)
        assert.not.ok(a.diagnostics.some((d) => d.severity === 'error'))
      })
    }

    C(`provider-reqs: requirements by module, canonical constraints, one warning (${engine})`, async () => {
      const a = await analyzeProviders(path.join(up, 'configs/testdata/provider-reqs'), {engine, env: {}})
      const h = host(engine)
      const by = (m: string) => Object.fromEntries(a.requirements.filter((r) => r.module === m).map((r) => [r.provider, r.canonical]))
      assert.equal(by(''), {
        [`${h}/hashicorp/configured`]: '~> 1.4',
        [`${h}/hashicorp/implied`]: '',
        [`${h}/hashicorp/importexplicit`]: '',
        [`${h}/hashicorp/importimplied`]: '',
        [`${h}/hashicorp/null`]: '~> 2.0.0',
        [`${h}/hashicorp/random`]: '~> 1.2.0',
        [`${h}/hashicorp/tls`]: '~> 3.0',
        'terraform.io/builtin/terraform': '',
      })
      assert.equal(by('module.kinder'), {[`${h}/hashicorp/null`]: '2.0.1', 'tf.example.com/awesomecorp/happycloud': ''})
      assert.equal(by('module.kinder.module.nested'), {[`${h}/hashicorp/grandchild`]: ''})
      assert.equal(
        a.diagnostics.map((d) => `${d.severity} ${d.summary}`),
        ['warning Version constraints inside provider configuration blocks are deprecated'],
      )
    })

    C(`command providers/basic and providers/modules: requirement tree lines (${engine})`, async () => {
      const h = host(engine)
      const basic = requirementsTree((await analyzeProviders(path.join(up, 'command/testdata/providers/basic'), {engine, env: {}})).tree)
      for (const p of ['foo', 'bar']) assert.ok(basic.includes(`provider[${h}/hashicorp/${p}]`), basic)
      assert.ok(basic.includes(`provider[${h}/hashicorp/baz] 1.2.0`), basic)
      const modules = requirementsTree(
        (await analyzeProviders(path.join(up, 'command/testdata/providers/modules'), {engine, env: {}})).tree,
      )
      assert.is(
        modules,
        `\nProviders required by configuration:\n.\n├── provider[${h}/hashicorp/bar] 2.0.0\n├── provider[${h}/hashicorp/foo] 1.0.0\n└── module.kiddo\n    └── provider[${h}/hashicorp/baz]\n\n`,
      )
    })
  }
}

C.run()
