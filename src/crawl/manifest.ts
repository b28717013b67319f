// The installed-modules manifest `<data dir>/modules/modules.json` written by `terraform init`.
import {utf8Text, type FileSource} from '../io/inputs.js'
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag, warningDiag} from '../diag/diagnostic.js'
import {isRecord} from '../hcl/value.js'

export interface ManifestRecord {
  readonly key: string
  readonly source: string
  readonly version?: string
  /** Directory as recorded (relative to the root module directory, `/` separators). */
  readonly dir: string
}

/** The data directory: `$TF_DATA_DIR` (relative to the root directory), else `.terraform`. */
export function dataDir(rootDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const d = env['TF_DATA_DIR']
  return path.resolve(rootDir, d && d !== '' ? d : '.terraform')
}

export function readManifest(
  files: FileSource,
  rootDir: string,
  env: NodeJS.ProcessEnv = process.env,
): {records: Map<string, ManifestRecord>; diagnostics: Diagnostic[]; file: string; exists: boolean} {
  const file = path.join(dataDir(rootDir, env), 'modules', 'modules.json')
  const records = new Map<string, ManifestRecord>()
  const diagnostics: Diagnostic[] = []
  let text: string
  try {
    text = utf8Text(files.read(file))
  } catch {
    return {records, diagnostics, file, exists: false} // a missing manifest is an empty one: nothing was installed
  }
  const display = path.relative(rootDir, file) || file
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    diagnostics.push(
      warningDiag(
        'module.invalid-manifest',
        'Invalid module manifest',
        `The installed-modules manifest ${display} is not valid JSON (${e instanceof Error ? e.message : String(e)}); installed modules are ignored. Run "terraform init" to rewrite it.`,
      ),
    )
    return {records, diagnostics, file, exists: true}
  }
  const list = isRecord(raw) ? raw['Modules'] : undefined
  if (!Array.isArray(list)) {
    diagnostics.push(
      warningDiag(
        'module.invalid-manifest',
        'Invalid module manifest',
        `The installed-modules manifest ${display} has no "Modules" list; installed modules are ignored.`,
      ),
    )
    return {records, diagnostics, file, exists: true}
  }
  for (const r of list as unknown[]) {
    if (!isRecord(r) || typeof r['Key'] !== 'string' || typeof r['Dir'] !== 'string') continue
    const key = r['Key']
    if (records.has(key)) {
      diagnostics.push(
        errorDiag('module.duplicate-manifest-record', 'Invalid module manifest', `snapshot file contains two records for path ${key}`),
      )
      continue
    }
    const rec: ManifestRecord = {
      key,
      source: typeof r['Source'] === 'string' ? r['Source'] : '',
      dir: r['Dir'].replace(/\\/g, '/'),
      ...(typeof r['Version'] === 'string' && r['Version'] !== '' ? {version: r['Version']} : {}),
    }
    records.set(key, rec)
  }
  return {records, diagnostics, file, exists: true}
}
