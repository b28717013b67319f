// Flag values as the library wants them, apart from the flag definitions (limit-flags.ts, run-flags.ts
// import oclif's flag builders): the quick start (quick.ts) reads flags without loading oclif.

export interface LimitFlagValues {
  readonly 'max-files'?: number | undefined
  readonly 'max-depth'?: number | undefined
  readonly 'max-modules'?: number | undefined
}

/** `--var` and `--var-file`, as oclif parses them. */
export interface VarFlagValues {
  readonly var?: string[] | undefined
  readonly 'var-file'?: string[] | undefined
}

/** The crawl limits the flags set (only those given). */
export function limitOptions(flags: LimitFlagValues): {maxFiles?: number; maxDepth?: number; maxModules?: number} {
  return {
    ...(flags['max-files'] !== undefined ? {maxFiles: flags['max-files']} : {}),
    ...(flags['max-depth'] !== undefined ? {maxDepth: flags['max-depth']} : {}),
    ...(flags['max-modules'] !== undefined ? {maxModules: flags['max-modules']} : {}),
  }
}

/** The `--engine` flag's value as an engine name (oclif has already limited it to these two). */
export function engineFlag(value: string | undefined): 'terraform' | 'opentofu' | undefined {
  return value === 'terraform' || value === 'opentofu' ? value : undefined
}
