/**
 * Structurally shared array snapshots for partial outputs.
 *
 * Why: a partial output is published per text delta (objects) or per completed element (arrays),
 * and upstream's partials are independent arrays. A fresh array of the n elements so far costs
 * O(n) per publication, so an array of n records streamed to the end costs O(n²) (16 MB of records
 * took 21 s in `Output.array`, 48 s as an object field). A view costs O(1): it reads the first
 * `count` elements of the parser's append-only store (elements below `store.length` are final and
 * never change), then an optional open tail (the snapshot of the element still being parsed).
 *
 * A view behaves as the array it stands for: `Array.isArray`, `length`, indices, iteration,
 * `JSON.stringify`, `Object.keys`, the prototype (`Array.prototype`) and `constructor` (so
 * `map`/`filter` give plain arrays), and Node's `inspect` (through `nodejs.util.inspect.custom`,
 * since `inspect` looks at a proxy's target, not through it). Any write (set, define, delete,
 * freeze, set prototype) first copies the elements into the view's own target, which from then on
 * is an ordinary array: a consumer may mutate a partial as upstream allows, and the store and the
 * other partials are unaffected. Not structured-cloneable (a proxy never is): documented in
 * docs/divergences.md. Arrays of at most {@link SHARE_THRESHOLD} elements are plain copies (the
 * copy is bounded, so still linear overall, and small partials stay ordinary values).
 *
 * @internal
 */

/**
 * Arrays up to this length are copied rather than viewed.
 *
 * @internal
 */
export const SHARE_THRESHOLD = 32

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom")

/** The (still empty) target of a view: its prototype only serves Node's `inspect`. */
class ViewTarget extends Array<unknown> {}
Object.defineProperty(ViewTarget.prototype, inspectSymbol, {
  value: function(this: ReadonlyArray<unknown>) {
    // `this` is the proxy (inspect calls the hook on it): an ordinary copy to print
    return Array.from(this)
  },
  enumerable: false,
  writable: false,
  configurable: false
})

/**
 * A canonical array index (`"0"`, `"17"`), or -1.
 *
 * @internal
 */
export const arrayIndexOf = (key: string | symbol): number => {
  if (typeof key !== "string") return -1
  const n = key.length
  if (n === 0 || n > 10) return -1
  const first = key.charCodeAt(0)
  if (first < 0x30 || first > 0x39 || (first === 0x30 && n > 1)) return -1
  let value = first - 0x30
  for (let i = 1; i < n; i++) {
    const c = key.charCodeAt(i)
    if (c < 0x30 || c > 0x39) return -1
    value = value * 10 + (c - 0x30)
  }
  return value < 4294967295 ? value : -1
}

/** One view's state and traps (traps are called with the handler as `this`). */
class ViewHandler implements ProxyHandler<Array<unknown>> {
  own = false
  readonly store: ReadonlyArray<unknown>
  readonly count: number
  readonly hasTail: boolean
  readonly tail: unknown
  constructor(store: ReadonlyArray<unknown>, count: number, hasTail: boolean, tail: unknown) {
    this.store = store
    this.count = count
    this.hasTail = hasTail
    this.tail = tail
  }

  length(): number {
    return this.hasTail ? this.count + 1 : this.count
  }

  at(index: number): unknown {
    return index < this.count ? this.store[index] : this.tail
  }

  /** Copies the elements into the target, which from then on is the array itself. */
  materialize(target: Array<unknown>): void {
    if (this.own) return
    this.own = true
    Object.setPrototypeOf(target, Array.prototype)
    const length = this.length()
    for (let i = 0; i < length; i++) target.push(this.at(i))
  }

  get(target: Array<unknown>, key: string | symbol, receiver: unknown): unknown {
    if (this.own) return Reflect.get(target, key, receiver)
    if (key === "length") return this.length()
    const index = arrayIndexOf(key)
    if (index >= 0 && index < this.length()) return this.at(index)
    if (key === "constructor") return Array
    return Reflect.get(target, key, receiver)
  }

  has(target: Array<unknown>, key: string | symbol): boolean {
    if (this.own) return Reflect.has(target, key)
    const index = arrayIndexOf(key)
    if (index >= 0 && index < this.length()) return true
    return Reflect.has(target, key)
  }

  ownKeys(target: Array<unknown>): Array<string | symbol> {
    if (this.own) return Reflect.ownKeys(target)
    const length = this.length()
    const keys: Array<string | symbol> = []
    for (let i = 0; i < length; i++) keys.push(String(i))
    keys.push("length")
    return keys
  }

  getOwnPropertyDescriptor(target: Array<unknown>, key: string | symbol): PropertyDescriptor | undefined {
    if (this.own) return Reflect.getOwnPropertyDescriptor(target, key)
    if (key === "length") return { value: this.length(), writable: true, enumerable: false, configurable: false }
    const index = arrayIndexOf(key)
    if (index >= 0 && index < this.length()) return { value: this.at(index), writable: true, enumerable: true, configurable: true }
    return Reflect.getOwnPropertyDescriptor(target, key)
  }

  getPrototypeOf(target: Array<unknown>): object | null {
    return this.own ? Reflect.getPrototypeOf(target) : Array.prototype
  }

  set(target: Array<unknown>, key: string | symbol, value: unknown): boolean {
    this.materialize(target)
    return Reflect.set(target, key, value)
  }

  defineProperty(target: Array<unknown>, key: string | symbol, attributes: PropertyDescriptor): boolean {
    this.materialize(target)
    return Reflect.defineProperty(target, key, attributes)
  }

  deleteProperty(target: Array<unknown>, key: string | symbol): boolean {
    this.materialize(target)
    return Reflect.deleteProperty(target, key)
  }

  preventExtensions(target: Array<unknown>): boolean {
    this.materialize(target)
    return Reflect.preventExtensions(target)
  }

  setPrototypeOf(target: Array<unknown>, prototype: object | null): boolean {
    this.materialize(target)
    return Reflect.setPrototypeOf(target, prototype)
  }
}

/**
 * The array `store[0 .. count)`, shared (a view) past {@link SHARE_THRESHOLD} elements. The caller
 * guarantees that those elements never change.
 *
 * @internal
 */
export const prefixOf = (store: ReadonlyArray<unknown>, count: number): Array<unknown> =>
  count <= SHARE_THRESHOLD ? store.slice(0, count) : new Proxy<Array<unknown>>(new ViewTarget(), new ViewHandler(store, count, false, undefined))

/**
 * The array `[...store, tail]` (the store's current elements then the open element), shared past
 * {@link SHARE_THRESHOLD} elements. The caller guarantees that the store only grows.
 *
 * @internal
 */
export const withTail = (store: ReadonlyArray<unknown>, tail: unknown): Array<unknown> =>
  store.length < SHARE_THRESHOLD
    ? store.concat([tail])
    : new Proxy<Array<unknown>>(new ViewTarget(), new ViewHandler(store, store.length, true, tail))
