// A raw parse (index.ts `RawParse`) as a few flat arrays, for a worker thread to hand to the main thread
// (parse-lane.ts): the tree's numbers in one Int32Array (moved, not copied), its strings in one array, and
// each object as its shape (its keys, in order) and its values. The main thread rebuilds the objects with one
// small function per shape, made once per message's shapes: the same keys in the same order, the same values
// (`undefined`, -0 and non-integers included), at a fraction of a structured clone's cost (thousands of
// small objects, each of which the clone reads key by key; BENCHMARKS.md, "#53: cold runs on both cores").

/** A raw parse flattened: `ints` is the stream (tags and their operands), `floats` numbers that are not int32. */
export interface FlatParse {
  readonly ints: Int32Array
  readonly floats: Float64Array
  readonly strings: readonly string[]
}

const UNDEFINED = 0
const NULL = 1
const FALSE = 2
const TRUE = 3
const INT = 4
const FLOAT = 5
const STRING = 6
const ARRAY = 7
/** An object of a shape seen before (its number follows), then its values. */
const OBJECT = 8
/** An object of a new shape: its key count and keys follow (the shape takes the next number), then its values. */
const SHAPE = 9

/**
 * Flattens plain data (objects of own enumerable string keys, arrays, strings, numbers, booleans, null,
 * undefined), one value a message; a shape is sent once, the first time, and numbered for the messages after it
 * (an `Unflattener` reads the messages in the order they were made).
 */
export class Flattener {
  private readonly shapes = new Map<string, number>()

  flatten(value: unknown): FlatParse {
    const w = new Writer(this.shapes)
    w.value(value)
    return w.done()
  }
}

class Writer {
  private ints = new Int32Array(1024)
  private n = 0
  private floats: number[] = []
  private readonly strings: string[] = []
  private readonly stringIds = new Map<string, number>()

  constructor(private readonly shapes: Map<string, number>) {}

  private push(x: number): void {
    if (this.n === this.ints.length) {
      const bigger = new Int32Array(this.ints.length * 2)
      bigger.set(this.ints)
      this.ints = bigger
    }
    this.ints[this.n++] = x
  }

  private string(s: string): void {
    let id = this.stringIds.get(s)
    if (id === undefined) {
      id = this.strings.length
      this.strings.push(s)
      this.stringIds.set(s, id)
    }
    this.push(id)
  }

  value(v: unknown): void {
    switch (typeof v) {
      case 'undefined':
        this.push(UNDEFINED)
        return
      case 'boolean':
        this.push(v ? TRUE : FALSE)
        return
      case 'number':
        if ((v | 0) === v && !Object.is(v, -0)) {
          this.push(INT)
          this.push(v)
        } else {
          this.push(FLOAT)
          this.push(this.floats.length)
          this.floats.push(v)
        }
        return
      case 'string':
        this.push(STRING)
        this.string(v)
        return
      case 'object':
        if (v === null) {
          this.push(NULL)
          return
        }
        if (Array.isArray(v)) {
          this.push(ARRAY)
          this.push(v.length)
          for (const x of v as unknown[]) this.value(x)
          return
        }
        this.object(v as Record<string, unknown>)
        return
      default:
        throw new TypeError(`cannot flatten a ${typeof v}`)
    }
  }

  private object(o: Record<string, unknown>): void {
    const keys = Object.keys(o)
    const sig = keys.join('\0')
    const shape = this.shapes.get(sig)
    if (shape === undefined) {
      this.shapes.set(sig, this.shapes.size)
      this.push(SHAPE)
      this.push(keys.length)
      for (const k of keys) this.string(k)
    } else {
      this.push(OBJECT)
      this.push(shape)
    }
    for (const k of keys) this.value(o[k])
  }

  done(): FlatParse {
    return {ints: this.ints.slice(0, this.n), floats: Float64Array.from(this.floats), strings: this.strings}
  }
}

/** Makes an object of one shape from the next values read. */
type Make = (read: () => unknown) => unknown

/** Reads a `Flattener`'s messages, in the order it made them. */
export class Unflattener {
  private readonly makers: Make[] = []

  unflatten(flat: FlatParse): unknown {
    return unflatten(flat, this.makers)
  }
}

function unflatten(flat: FlatParse, makers: Make[]): unknown {
  const {ints, floats, strings} = flat
  let i = 0
  const read = (): unknown => {
    const tag = ints[i++]!
    switch (tag) {
      case UNDEFINED:
        return undefined
      case NULL:
        return null
      case FALSE:
        return false
      case TRUE:
        return true
      case INT:
        return ints[i++]!
      case FLOAT:
        return floats[ints[i++]!]!
      case STRING:
        return strings[ints[i++]!]!
      case ARRAY: {
        const len = ints[i++]!
        const a: unknown[] = []
        for (let k = 0; k < len; k++) a.push(read())
        return a
      }
      case OBJECT:
        return makers[ints[i++]!]!(read)
      case SHAPE: {
        const count = ints[i++]!
        const keys: string[] = []
        for (let k = 0; k < count; k++) keys.push(strings[ints[i++]!]!)
        const make = maker(keys)
        makers.push(make)
        return make(read)
      }
      default:
        throw new RangeError(`bad tag ${tag} at ${i - 1}`)
    }
  }
  return read()
}

/**
 * A function making an object of these keys from the next values, as an object literal: the same keys in
 * the same order, and one hidden class for every object of the shape (as the parser's own literals give).
 */
function maker(keys: readonly string[]): Make {
  // the keys are JSON-quoted: every string is a property name, but `__proto__` in a literal sets the prototype
  if (keys.includes('__proto__')) throw new TypeError('cannot unflatten a __proto__ key')
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('read', `return {${keys.map((k) => `${JSON.stringify(k)}: read()`).join(', ')}}`) as Make
}
