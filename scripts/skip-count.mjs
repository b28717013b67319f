// How many parts of a test run were skipped, from its output: each prints one `SKIP <what>: <why>` line
// (test/helpers/paths.ts, browser.ts, test/package/install.ts). One printed while a test runs follows
// uvu's progress marks on the same line, so a SKIP counts at a line start or after a mark or a space.
export function countSkipLines(output) {
  return (output.match(/(?:^|[^\S\n]|[•✓✘])SKIP [^\n:]+: /gm) ?? []).length
}
