// Diagnostics as text (providers, config, lock, graph): files named by the caller's namer (the commands:
// from the current directory), ranges in the detail renamed alike, and an uninitialised tree's "Module
// not installed" warnings said once.
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {Diagnostic} from '../../src/diag/diagnostic.js'
import {renderDiagnosticsText} from '../../src/render/diagnostics-text.js'
import {fileNamer} from '../../src/render/paths.js'

function at(filename: string, line: number) {
  return {filename, start: {line, column: 1, byte: line * 10}, end: {line, column: 14, byte: line * 10 + 13}}
}

function notInstalled(name: string, line: number): Diagnostic {
  return {
    code: 'module.not-installed',
    severity: 'warning',
    summary: 'Module not installed',
    detail: `This module is not yet installed. Run "terraform init" to install all modules required by this configuration. (module.${name}: source "x/${name}/aws".)`,
    range: at('main.tf', line),
  }
}

const duplicate: Diagnostic = {
  code: 'provider.duplicate-config',
  severity: 'error',
  summary: 'Duplicate provider configuration',
  detail: 'A default (non-aliased) provider configuration for "aws" was already given at main.tf:1,1-15.',
  range: at('other.tf', 3),
}

test('files and ranges in the detail are named by fileName; without it, as in the diagnostic', () => {
  const out = renderDiagnosticsText([duplicate], {
    fileName: fileNamer('infra/../infra/prod', path.join(tmpdir(), 'tfgraph-paths-test', 'repo')),
  })
  assert.match(out, '  on infra/prod/other.tf:3,1-14:')
  assert.match(out, 'was already given at infra/prod/main.tf:1,1-15.')
  assert.match(renderDiagnosticsText([duplicate]), '  on other.tf:3,1-14:')
})

test('two or more uninstalled module calls: one line first, the other diagnostics in full', () => {
  const diags = [notInstalled('vpc', 5), duplicate, notInstalled('eks', 9), notInstalled('dns', 12)]
  const out = renderDiagnosticsText(diags)
  assert.ok(out.startsWith('Warning: 3 module calls not installed — run "terraform init" to include them; --verbose lists them\n\n'), out)
  assert.not.match(out, 'module.vpc')
  assert.match(out, 'Error: Duplicate provider configuration')
  const verbose = renderDiagnosticsText(diags, {verbose: true})
  assert.is(verbose.split('Warning: Module not installed').length - 1, 3)
  assert.match(verbose, 'module.vpc')
})

test('one uninstalled module call is shown in full', () => {
  const out = renderDiagnosticsText([notInstalled('vpc', 5)])
  assert.match(out, 'Warning: Module not installed')
  assert.match(out, 'module.vpc')
})

test.run()
