// What the operating system said when a file system call failed, in its own words (`permission denied`,
// `no such file or directory`), without Node's `EACCES: …, scandir '/abs/path'` wrapping. Every command
// that cannot read a path says this rather than guessing a cause (issue #54: a directory whose parent
// cannot be searched is not one that "does not exist").

/** The error code of a failed file system call (`ENOENT`, `EACCES`), or undefined. */
export function osErrorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined
}

/**
 * The operating system's words for a failed call: `permission denied`, `not a directory`, `too many levels
 * of symbolic links` — the message without its code and the path (`EACCES: permission denied, stat '/x'`
 * gives `permission denied`).
 */
export function osErrorText(e: unknown): string {
  const message = e instanceof Error ? e.message.split('\n')[0]! : String(e)
  const code = osErrorCode(e)
  const m = /^([A-Z][A-Z0-9_]+): (.*?)(?:, [a-z_]+(?: '.*')?)?$/.exec(message)
  if (m) return m[2]!
  return code !== undefined && !message.includes(code) ? `${message} (${code})` : message
}
