// A JSON reader for states that never builds what it is told to skip: the values of `attributes`,
// `private`, `outputs` and the like are scanned over (strings and brackets only), so attribute values —
// most of a state, and its secrets — are never held as objects or strings. What is kept is parsed as
// JSON.parse would; a text that is not JSON, or ends early, is a JsonScanError.

/** The text is not JSON: `truncated` when it ends before the value does. */
export class JsonScanError extends Error {
  constructor(
    message: string,
    readonly truncated: boolean,
  ) {
    super(message)
  }
}

const MAX_DEPTH = 64
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

class Scanner {
  private i = 0

  constructor(
    private readonly t: string,
    private readonly skip: ReadonlySet<string>,
  ) {}

  private fail(what?: string): never {
    if (this.i >= this.t.length) throw new JsonScanError('the text ends early', true)
    throw new JsonScanError(what ?? `unexpected ${JSON.stringify(this.t[this.i])} at position ${this.i}`, false)
  }

  private ws(): void {
    const t = this.t
    let i = this.i
    for (;;) {
      const c = t.charCodeAt(i)
      if (c === 32 || c === 10 || c === 13 || c === 9) i++
      else break
    }
    this.i = i
  }

  /** The end of the string that starts at `this.i` (after its closing quote), and whether it has escapes. */
  private stringEnd(): {end: number; escaped: boolean} {
    const t = this.t
    let i = this.i + 1
    let escaped = false
    for (;;) {
      const q = t.indexOf('"', i)
      const b = t.indexOf('\\', i)
      if (q < 0) {
        this.i = t.length
        this.fail()
      }
      if (b >= 0 && b < q) {
        escaped = true
        i = b + 2
        continue
      }
      return {end: q + 1, escaped}
    }
  }

  private string(): string {
    const {end, escaped} = this.stringEnd()
    const raw = this.t.slice(this.i + 1, end - 1)
    let s = raw
    if (escaped) {
      try {
        s = JSON.parse(this.t.slice(this.i, end)) as string
      } catch {
        this.fail(`an invalid string escape at position ${this.i}`)
      }
    }
    this.i = end
    return s
  }

  /** Moves past one value without building it (inside it only strings and brackets are looked at). */
  private skipValue(): void {
    this.ws()
    const t = this.t
    const first = t.charCodeAt(this.i)
    if (first === 34) {
      this.i = this.stringEnd().end
      return
    }
    if (first !== 123 && first !== 91) {
      this.value(0)
      return
    }
    let depth = 0
    let i = this.i
    const n = t.length
    while (i < n) {
      const c = t.charCodeAt(i)
      if (c === 34) {
        this.i = i
        i = this.stringEnd().end
        continue
      }
      i++
      if (c === 123 || c === 91) depth++
      else if ((c === 125 || c === 93) && --depth === 0) {
        this.i = i
        return
      }
    }
    this.i = n
    this.fail()
  }

  private primitive(): unknown {
    const t = this.t
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (t.startsWith(word, this.i)) {
        this.i += word.length
        return v
      }
    }
    NUMBER.lastIndex = this.i
    const m = NUMBER.exec(t)
    if (!m) return this.fail()
    this.i += m[0].length
    return Number(m[0])
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels at position ${this.i}`)
    this.ws()
    const c = this.t.charCodeAt(this.i)
    if (c === 123) return this.object(depth)
    if (c === 91) return this.array(depth)
    if (c === 34) return this.string()
    if (this.i >= this.t.length) this.fail()
    return this.primitive()
  }

  private expect(code: number): void {
    this.ws()
    if (this.t.charCodeAt(this.i) !== code) this.fail()
    this.i++
  }

  private object(depth: number): Record<string, unknown> {
    this.i++
    const o: Record<string, unknown> = {}
    this.ws()
    if (this.t.charCodeAt(this.i) === 125) {
      this.i++
      return o
    }
    for (;;) {
      this.ws()
      if (this.t.charCodeAt(this.i) !== 34) this.fail()
      const key = this.string()
      this.expect(58)
      if (this.skip.has(key)) {
        this.skipValue()
        o[key] = null
      } else o[key] = this.value(depth + 1)
      this.ws()
      const c = this.t.charCodeAt(this.i)
      this.i++
      if (c === 125) return o
      if (c !== 44) {
        this.i--
        this.fail()
      }
    }
  }

  private array(depth: number): unknown[] {
    this.i++
    const a: unknown[] = []
    this.ws()
    if (this.t.charCodeAt(this.i) === 93) {
      this.i++
      return a
    }
    for (;;) {
      a.push(this.value(depth + 1))
      this.ws()
      const c = this.t.charCodeAt(this.i)
      this.i++
      if (c === 93) return a
      if (c !== 44) {
        this.i--
        this.fail()
      }
    }
  }

  end(): void {
    this.ws()
    if (this.i < this.t.length) this.fail(`more text after the JSON value at position ${this.i}`)
  }
}

/** Parses `text` as JSON; the value of every key in `skip` is scanned over and read as null. */
export function parseSkipping(text: string, skip: ReadonlySet<string>): unknown {
  const s = new Scanner(text, skip)
  const v = s.value(0)
  s.end()
  return v
}
