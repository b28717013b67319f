// The one colour decision every command makes: colours only for a person at a terminal. None when the
// stream the text goes to is not a TTY (piped, redirected, captured by CI), when NO_COLOR is set to
// anything but the empty string (https://no-color.org), when TERM is "dumb", or with --no-color.

export interface ColorStream {
  readonly isTTY?: boolean
}

/** Whether text written to `stream` may carry colour codes. */
export function useColor(stream: ColorStream, flags: {readonly 'no-color'?: boolean}, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flags['no-color']) return false
  if ((env['NO_COLOR'] ?? '') !== '') return false
  if (env['TERM'] === 'dumb') return false
  return stream.isTTY === true
}
