// Default resource limits of a run, in a module of their own so light modules can import them
// without the loader.

/** Default `--max-files`: configuration files read in one run. */
export const DEFAULT_MAX_FILES = 20_000
