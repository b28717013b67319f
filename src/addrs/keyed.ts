// What every address value shares: its identity is its text (`key`, like Terraform's UniqueKey, computed once
// by the subclass's constructor), which is also what it prints and what JSON holds.

/** An address value: compare and key maps by `key`, never by the object. */
export abstract class KeyedAddress {
  /** The address's identity as a string (its text): compare and key maps by it, never by the object. */
  abstract readonly key: string

  /** The address as Terraform writes it. */
  toString(): string {
    return this.key
  }

  /** In JSON, the text (a document that holds the value writes what Terraform writes). */
  toJSON(): string {
    return this.key
  }

  equals(other: this): boolean {
    return this.key === other.key
  }
}

/** The calls from the root to a module or an embedded stack, each written `KEYWORD.NAME`: `module.a.module.b`, `stack.a.stack.b` (the root: none, ''). */
export abstract class CallPath extends KeyedAddress {
  readonly calls: readonly string[]
  readonly key: string

  /** `keyword`: what each call is written with (`module`, `stack`). The subclass freezes the value. */
  protected constructor(keyword: string, calls: readonly string[]) {
    super()
    this.calls = Object.freeze([...calls])
    this.key = this.calls.map((n) => `${keyword}.${n}`).join('.')
  }

  get isRoot(): boolean {
    return this.calls.length === 0
  }
}
