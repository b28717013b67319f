/** How many parts of a test run were skipped, from its output (scripts/skip-count.mjs). */
export function countSkipLines(output: string): number
