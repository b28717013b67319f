import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const fixturesDir = path.join(repoRoot, 'fixtures')
/** The team's shared folder (conformance fixtures, corpus), beside the repository. */
export const sharedDir = process.env['TFGRAPH_SHARED'] ?? path.resolve(repoRoot, '..', 'shared')
