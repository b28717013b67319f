// Upstream (OpenTofu) loading and override-merging cases from ../shared/conformance, with the
// expectations of conformance/INDEX.md, under both engines where the text differs.
import {mkdtempSync, copyFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {
  diagnosticString,
  loadModuleDir,
  moduleToJson,
  type Block,
  type Diagnostic,
  type EngineName,
  type Module,
} from '../helpers/internal.js'
import {actualMarkers, expectedMarkers} from '../helpers/markers.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const testdata = path.join(sharedDir, 'conformance/opentofu/internal/configs/testdata')
const available = hasShared('conformance: loading and overrides', 'conformance/opentofu/internal/configs/testdata')
const C = suite('conformance: loading and overrides')

async function load(rel: string, engine: EngineName) {
  return loadModuleDir(path.join(testdata, rel), {engine})
}

function attrValue(b: Block | undefined, name: string): unknown {
  return b?.body.attributes.find((a) => a.name === name)?.value
}

function errors(r: {diagnostics: readonly Diagnostic[]}) {
  return r.diagnostics.filter((d) => d.severity === 'error')
}

const ENGINES: EngineName[] = ['terraform', 'opentofu']
const VALID = [
  'override-backend',
  'override-backend-no-base',
  'override-backend-with-cloud',
  'override-cloud',
  'override-cloud-no-base',
  'override-dynamic-block-base',
  'override-dynamic-block-override',
  'override-ignore-changes',
  'override-module',
  'override-output',
  'override-output-sensitive',
  'override-resource-provider',
  'override-variable',
  'override-variable-ephemeral',
  'override-variable-sensitive',
  'required-providers-overrides',
  'required-providers-after-resource',
  'implied-providers',
  'nested-providers-fqns',
  'providers-fqns',
  'provider-aliases',
  'provider-meta',
  'predecessor-version-constraints-ignored',
]

if (available) {
  for (const engine of ENGINES) {
    for (const name of VALID) {
      C(`[VM] valid-modules/${name} loads with no diagnostics (${engine})`, async () => {
        const r = await load(`valid-modules/${name}`, engine)
        assert.equal(r.diagnostics.map(diagnosticString), [])
      })
    }

    C(`override-backend: backend "bar" replaces "foo" (${engine})`, async () => {
      const m = (await load('valid-modules/override-backend', engine)).module
      assert.is(m.backend?.labels[0]?.value, 'bar')
      assert.is(attrValue(m.backend, 'path'), 'CHANGED/relative/path/to/terraform.tfstate')
    })

    C(`override-backend-no-base / with-cloud / cloud-no-base (${engine})`, async () => {
      assert.is((await load('valid-modules/override-backend-no-base', engine)).module.backend?.labels[0]?.value, 'bar')
      const wc = (await load('valid-modules/override-backend-with-cloud', engine)).module
      assert.is(wc.backend, undefined)
      assert.ok(wc.cloud)
      assert.ok((await load('valid-modules/override-cloud-no-base', engine)).module.cloud)
    })

    C(`override-cloud: replaced whole, no body merge (${engine})`, async () => {
      const m = (await load('valid-modules/override-cloud', engine)).module
      assert.is(attrValue(m.cloud, 'organization'), 'CHANGED')
      assert.is(attrValue(m.cloud, 'should_not_be_present_with_override'), undefined)
    })

    C(`override-dynamic-block-base / -override (${engine})`, async () => {
      const a = (await load('valid-modules/override-dynamic-block-base', engine)).module.managedResources.get('test.foo')!.block
      assert.equal(
        a.body.blocks.map((b) => [b.type, ...b.labels.map((l) => l.value)]),
        [['foo']],
      )
      const b = (await load('valid-modules/override-dynamic-block-override', engine)).module.managedResources.get('test.foo')!.block
      assert.equal(
        b.body.blocks.map((x) => [x.type, ...x.labels.map((l) => l.value)]),
        [['dynamic', 'foo']],
      )
    })

    C(`override-ignore-changes: ignore_changes = all (${engine})`, async () => {
      const r = (await load('valid-modules/override-ignore-changes', engine)).module.managedResources.get('test_instance.foo')!.block
      const lc = r.body.blocks.find((b) => b.type === 'lifecycle')
      assert.is(attrValue(lc, 'ignore_changes'), '${all}')
    })

    C(`override-module: source from a, providers from b, args merged, depends_on kept (${engine})`, async () => {
      const m: Module = (await load('valid-modules/override-module', engine)).module
      assert.equal([...m.moduleCalls.keys()], ['example'])
      const call = m.moduleCalls.get('example')!.block
      assert.is(attrValue(call, 'source'), './example2-a_override')
      assert.equal(attrValue(call, 'providers'), {test: '${test.b_override}'})
      const prov = call.body.attributes.find((a) => a.name === 'providers')!
      assert.is(prov.nameRange.filename, 'b_override.tf')
      // the map entry `test = test.b_override` sits on line 7 of b_override.tf
      assert.ok(prov.exprRange.start.line <= 7 && prov.exprRange.end.line >= 7)
      assert.equal(attrValue(call, 'depends_on'), ['${null_resource.test}'])
      assert.is(
        `${call.declRange.filename}:${call.declRange.start.line},${call.declRange.start.column}-${call.declRange.end.column}`,
        'primary.tf:2,1-17',
      )
      assert.is(attrValue(call, 'kept'), 'primary kept')
      assert.is(attrValue(call, 'foo'), 'a_override foo')
      assert.is(attrValue(call, 'new'), 'b_override new')
      assert.is(attrValue(call, 'newer'), 'b_override newer')
    })

    C(`override-output: per-attribute replacement (${engine})`, async () => {
      const m = (await load('valid-modules/override-output', engine)).module
      const full = m.outputs.get('fully_overridden')!
      const part = m.outputs.get('partially_overridden')!
      assert.is(attrValue(full, 'description'), 'b_override description')
      assert.is(attrValue(full, 'value'), 'b_override')
      const v = full.body.attributes.find((a) => a.name === 'value')!
      assert.is(
        `${v.exprRange.filename}:${v.exprRange.start.line},${v.exprRange.start.column}-${v.exprRange.end.column}`,
        'b_override.tf:2,11-23',
      )
      assert.is(attrValue(full, 'ephemeral'), false)
      assert.is(attrValue(part, 'description'), 'base description')
      assert.is(attrValue(part, 'value'), 'b_override partial')
      const pv = part.body.attributes.find((a) => a.name === 'value')!
      assert.is(`${pv.exprRange.start.line},${pv.exprRange.start.column}-${pv.exprRange.end.column}`, '9,11-31')
      assert.is(
        `${full.declRange.filename}:${full.declRange.start.line},${full.declRange.start.column}-${full.declRange.end.column}`,
        'primary.tf:1,1-26',
      )
      // OpenTofu merges `deprecated`; Terraform accepts it but does not merge it from override files.
      assert.is(attrValue(full, 'deprecated'), engine === 'opentofu' ? 'b_override deprecated' : undefined)
      assert.is(attrValue(part, 'deprecated'), engine === 'opentofu' ? 'b_override deprecated' : undefined)
    })

    C(`override-output-sensitive: sensitive added, value kept (${engine})`, async () => {
      const m = (await load('valid-modules/override-output-sensitive', engine)).module
      const [o] = [...m.outputs.values()]
      assert.is(attrValue(o, 'sensitive'), true)
      assert.ok(attrValue(o, 'value') !== undefined)
    })

    C(`override-resource-provider: provider = bar-test from a_override.tf:2,14-22 (${engine})`, async () => {
      const m = (await load('valid-modules/override-resource-provider', engine)).module
      const p = m.managedResources.get('test_instance.explicit')!.block.body.attributes.find((a) => a.name === 'provider')!
      assert.is(p.value, '${bar-test}')
      assert.is(
        `${p.exprRange.filename}:${p.exprRange.start.line},${p.exprRange.start.column}-${p.exprRange.end.column}`,
        'a_override.tf:2,14-22',
      )
      assert.is(attrValue(m.managedResources.get('test_instance.default')?.block, 'provider'), undefined)
    })

    C(`override-variable: last explicitly set value wins (${engine})`, async () => {
      const m = (await load('valid-modules/override-variable', engine)).module
      const full = m.variables.get('fully_overridden')!
      const part = m.variables.get('partially_overridden')!
      assert.is(attrValue(full, 'description'), 'b_override description')
      assert.is(attrValue(full, 'default'), 'b_override')
      assert.is(attrValue(full, 'nullable'), false)
      assert.is(attrValue(full, 'ephemeral'), false)
      assert.is(attrValue(full, 'const'), false)
      assert.is(attrValue(full, 'type'), '${string}')
      assert.is(attrValue(part, 'description'), 'base description')
      assert.is(attrValue(part, 'default'), 'b_override partial')
      assert.is(attrValue(part, 'nullable'), undefined)
      assert.is(attrValue(full, 'deprecated'), engine === 'opentofu' ? 'b_override deprecated' : undefined)
      assert.is(
        `${full.declRange.filename}:${full.declRange.start.line},${full.declRange.start.column}-${full.declRange.end.column}`,
        'primary.tf:1,1-28',
      )
      assert.is(
        `${part.declRange.filename}:${part.declRange.start.line},${part.declRange.start.column}-${part.declRange.end.column}`,
        'primary.tf:7,1-32',
      )
    })

    for (const kind of ['ephemeral', 'sensitive']) {
      C(`override-variable-${kind}: names encode the expected result (${engine})`, async () => {
        const m = (await load(`valid-modules/override-variable-${kind}`, engine)).module
        const expected: Record<string, boolean> = {
          false_true: true,
          true_false: false,
          false_false_true: true,
          true_true_false: false,
          false_true_false: false,
          true_false_true: true,
        }
        for (const [name, want] of Object.entries(expected)) {
          assert.is(attrValue(m.variables.get(name), kind), want, name)
        }
      })
    }

    C(`required-providers-overrides: override entry replaces the whole entry (${engine})`, async () => {
      const m = (await load('valid-modules/required-providers-overrides', engine)).module
      assert.equal(m.requiredProviderAttributes.get('bar')?.value, {source: 'blorp/bar', version: '~>2.0.0'})
      assert.equal(m.requiredProviderAttributes.get('foo')?.value, {source: 'acme/foo'})
    })

    C(`required-providers-after-resource: a later file's requirement applies (${engine})`, async () => {
      const m = (await load('valid-modules/required-providers-after-resource', engine)).module
      assert.equal(m.requiredProviderAttributes.get('test')?.value, {source: 'foo/test', version: '~>1.0.0'})
    })

    C(`[IM] override-nonexist-variable (${engine})`, async () => {
      const r = await load('invalid-modules/override-nonexist-variable', engine)
      assert.ok(
        errors(r).some((d) =>
          diagnosticString(d).includes(
            'Missing base variable declaration to override; There is no variable named "foo". An override file can only override a variable that was already declared in a primary configuration file.',
          ),
        ),
      )
    })

    C(`[IM] override-variable-causes-bad-default (${engine})`, async () => {
      const r = await load('invalid-modules/override-variable-causes-bad-default', engine)
      assert.ok(
        errors(r).some((d) =>
          diagnosticString(d).includes(
            "Invalid default value for variable; Overriding this variable's type constraint has made its default value invalid: string required.",
          ),
        ),
        r.diagnostics.map(diagnosticString).join('\n'),
      )
    })

    C(`[IM] override-cloud-duplicates (${engine})`, async () => {
      const r = await load('invalid-modules/override-cloud-duplicates', engine)
      const want =
        engine === 'terraform'
          ? "Duplicate HCP Terraform configurations; A module may have only one 'cloud' block configuring HCP Terraform or Terraform Enterprise. The 'cloud' block was previously configured at "
          : "Duplicate cloud configurations; A module may have only one 'cloud' block configuring a cloud backend. A cloud backend was previously configured at "
      assert.ok(
        errors(r).some((d) => diagnosticString(d).includes(want)),
        r.diagnostics.map(diagnosticString).join('\n'),
      )
    })

    C(`[IM] multiple-required-providers (${engine})`, async () => {
      const r = await load('invalid-modules/multiple-required-providers', engine)
      assert.ok(
        errors(r).some((d) =>
          diagnosticString(d).includes(
            'Duplicate required providers configuration; A module may have only one required providers configuration. The required providers were previously configured at ',
          ),
        ),
      )
    })

    C(`[IM] multiple-required-providers-with-syntax-error: the syntax error is reported (${engine})`, async () => {
      const r = await load('invalid-modules/multiple-required-providers-with-syntax-error', engine)
      assert.ok(errors(r).length >= 1)
      assert.ok(errors(r).some((d) => d.range?.filename === 'other.tf'))
    })

    const FILE_CASES = [
      'error-files/required-providers-toplevel.tf',
      'error-files/module-invalid-registry-source-with-module.tf',
      'error-files/module-local-source-with-version.tf',
      'warning-files/provider_ref.tf',
      'warning-files/depends_on.tf',
    ]
    for (const rel of FILE_CASES) {
      C(`[${rel.startsWith('error') ? 'EF' : 'WF'}] ${rel} (${engine})`, async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-ef-'))
        try {
          const src = path.join(testdata, rel)
          copyFileSync(src, path.join(dir, path.basename(rel)))
          const r = await loadModuleDir(dir, {engine})
          assert.equal(actualMarkers(r.diagnostics), expectedMarkers(src))
        } finally {
          rmSync(dir, {recursive: true, force: true})
        }
      })
    }
  }

  C('[IM] unsupported-version-and-other-error under Terraform: two Unsupported block type errors (lines 1, 11)', async () => {
    const r = await load('invalid-modules/unsupported-version-and-other-error', 'terraform')
    assert.equal(
      r.diagnostics.map((d) => `${d.range?.start.line} ${d.summary}`),
      ['1 Unsupported block type', '11 Unsupported block type'],
    )
  })

  C('tofu-and-tf-files under OpenTofu: .tofu shadows .tf, .tofu.json shadows .tf.json', async () => {
    const r = await load('tofu-and-tf-files', 'opentofu')
    assert.equal(r.diagnostics, [])
    assert.equal([...r.module.managedResources.keys()].sort(), [
      'aws_instance.web_tofu',
      'aws_security_group.firewall_tofu',
      'test_object.a_tofu',
      'test_object.b_tofu',
      'tf_json_resource.a',
      'tf_resource.first',
    ])
    assert.equal([...r.module.variables.keys()].sort(), ['should_override', 'should_override_json'])
    for (const v of r.module.variables.values()) assert.is(attrValue(v, 'default'), 'overridden by tofu file')
  })

  C('tofu-and-tf-files under Terraform: .tofu files are not read', async () => {
    const r = await load('tofu-and-tf-files', 'terraform')
    assert.equal(r.diagnostics, [])
    assert.equal([...r.module.managedResources.keys()].sort(), [
      'aws_instance.web',
      'aws_security_group.firewall',
      'test_object.a',
      'test_object.b',
      'tf_json_resource.a',
      'tf_resource.first',
    ])
    for (const v of r.module.variables.values()) assert.is(attrValue(v, 'default'), 'overridden by tf file')
  })

  C('tofu-only-files under OpenTofu; engine auto-detected from .tofu files', async () => {
    const r = await loadModuleDir(path.join(testdata, 'tofu-only-files'))
    assert.is(r.engine, 'opentofu')
    assert.equal(r.diagnostics, [])
    assert.equal([...r.module.managedResources.keys()].sort(), [
      'aws_instance.web_tofu',
      'aws_security_group.firewall_tofu',
      'test_object.a_tofu',
      'test_object.b_tofu',
    ])
    for (const v of r.module.variables.values()) assert.is(attrValue(v, 'default'), 'overridden by tofu file')
  })

  C('tofu-only-files under Terraform: No configuration files', async () => {
    const r = await load('tofu-only-files', 'terraform')
    assert.equal(
      r.diagnostics.map((d) => d.summary),
      ['No configuration files'],
    )
    assert.ok(r.incomplete)
  })

  C('config JSON of override-module is in hcl2json shape', async () => {
    const m = (await load('valid-modules/override-module', 'terraform')).module
    const doc = moduleToJson(m)
    assert.equal(Object.keys(doc), ['module', 'resource'])
  })
}

C.run()
