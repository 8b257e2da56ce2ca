/**
 * Structurally shared object snapshots for partial outputs: the object counterpart of
 * `ArrayView.ts`. An open object with many keys (a map-like output) would otherwise be copied
 * whole on every published partial, O(keys) per delta.
 *
 * The parser's store is append-only: a key, once it has its value, keeps it (a duplicate key
 * leaves the incremental grammar). A view shows the store's first `count` keys, in insertion
 * order, then an optional open key with the snapshot of its value. It reads as the plain object
 * upstream publishes: own keys in the engine's order (array-index keys ascending, then the others
 * in insertion order), descriptors, `in`, spread, `JSON.stringify`, `Object.entries`, prototype
 * (`Object.prototype`), Node's `inspect`. The first write copies it into an ordinary object of
 * its own. Objects of at most {@link OBJECT_SHARE_THRESHOLD} keys are plain copies.
 *
 * @internal
 */
import { arrayIndexOf } from "./ArrayView.ts"

/**
 * Objects up to this many keys are copied rather than viewed.
 *
 * @internal
 */
export const OBJECT_SHARE_THRESHOLD = 32

/**
 * An append-only object under construction, tracked for views: its keys in an order consistent
 * with insertion (the engine's own order when tracking starts: array indices, whose insertion
 * order is never observable, then the others as inserted) and each key's position there.
 *
 * @internal
 */
export interface ObjectStore {
  readonly value: Record<string, unknown>
  readonly keys: Array<string>
  readonly index: Map<string, number>
}

/**
 * Starts tracking an object's keys (once it is large enough to be viewed).
 *
 * @internal
 */
export const trackObject = (value: Record<string, unknown>): ObjectStore => {
  const keys = Object.keys(value)
  const index = new Map<string, number>()
  for (let i = 0; i < keys.length; i++) index.set(keys[i]!, i)
  return { value, keys, index }
}

/**
 * Records a key just given its value.
 *
 * @internal
 */
export const addKey = (store: ObjectStore, key: string): void => {
  store.index.set(key, store.keys.length)
  store.keys.push(key)
}

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom")

// the (still empty) target's prototype only serves Node's `inspect`, which looks at a proxy's target
const ViewPrototype: object = Object.create(Object.prototype, {
  [inspectSymbol]: {
    value: function(this: object) {
      return { ...this }
    },
    enumerable: false,
    writable: false,
    configurable: false
  }
})

class ObjectViewHandler implements ProxyHandler<Record<string, unknown>> {
  own = false
  readonly store: ObjectStore
  readonly count: number
  readonly openKey: string | undefined
  readonly openValue: unknown
  constructor(store: ObjectStore, count: number, openKey: string | undefined, openValue: unknown) {
    this.store = store
    this.count = count
    this.openKey = openKey
    this.openValue = openValue
  }

  /** The view's own value for `key`, or `absent`. */
  lookup(key: string | symbol): { readonly present: boolean; readonly value: unknown } {
    if (typeof key !== "string") return ABSENT
    if (key === this.openKey) return { present: true, value: this.openValue }
    // keys at positions below `count` were there when the view was made; the store only grows
    const position = this.store.index.get(key)
    return position !== undefined && position < this.count ? { present: true, value: this.store.value[key] } : ABSENT
  }

  /** The view's keys in insertion order. */
  insertionKeys(): Array<string> {
    const keys = this.store.keys.slice(0, this.count)
    if (this.openKey !== undefined) keys.push(this.openKey)
    return keys
  }

  materialize(target: Record<string, unknown>): void {
    if (this.own) return
    this.own = true
    Object.setPrototypeOf(target, Object.prototype)
    for (const key of this.insertionKeys()) target[key] = this.lookup(key).value
  }

  get(target: Record<string, unknown>, key: string | symbol, receiver: unknown): unknown {
    if (this.own) return Reflect.get(target, key, receiver)
    const found = this.lookup(key)
    return found.present ? found.value : Reflect.get(target, key, receiver)
  }

  has(target: Record<string, unknown>, key: string | symbol): boolean {
    if (this.own) return Reflect.has(target, key)
    return this.lookup(key).present || Reflect.has(target, key)
  }

  ownKeys(target: Record<string, unknown>): Array<string | symbol> {
    if (this.own) return Reflect.ownKeys(target)
    // the engine's order for an ordinary object: array indices ascending, then insertion order
    const indices: Array<readonly [number, string]> = []
    const others: Array<string> = []
    for (const key of this.insertionKeys()) {
      const index = arrayIndexOf(key)
      if (index >= 0) indices.push([index, key])
      else others.push(key)
    }
    indices.sort((a, b) => a[0] - b[0])
    return [...indices.map(([, key]) => key), ...others]
  }

  getOwnPropertyDescriptor(target: Record<string, unknown>, key: string | symbol): PropertyDescriptor | undefined {
    if (this.own) return Reflect.getOwnPropertyDescriptor(target, key)
    const found = this.lookup(key)
    return found.present
      ? { value: found.value, writable: true, enumerable: true, configurable: true }
      : Reflect.getOwnPropertyDescriptor(target, key)
  }

  getPrototypeOf(target: Record<string, unknown>): object | null {
    return this.own ? Reflect.getPrototypeOf(target) : Object.prototype
  }

  set(target: Record<string, unknown>, key: string | symbol, value: unknown): boolean {
    this.materialize(target)
    return Reflect.set(target, key, value)
  }

  defineProperty(target: Record<string, unknown>, key: string | symbol, attributes: PropertyDescriptor): boolean {
    this.materialize(target)
    return Reflect.defineProperty(target, key, attributes)
  }

  deleteProperty(target: Record<string, unknown>, key: string | symbol): boolean {
    this.materialize(target)
    return Reflect.deleteProperty(target, key)
  }

  preventExtensions(target: Record<string, unknown>): boolean {
    this.materialize(target)
    return Reflect.preventExtensions(target)
  }

  setPrototypeOf(target: Record<string, unknown>, prototype: object | null): boolean {
    this.materialize(target)
    return Reflect.setPrototypeOf(target, prototype)
  }
}

const ABSENT = { present: false, value: undefined } as const

/**
 * A plain copy of a small object, then `key: value` for the open key when given.
 *
 * @internal
 */
export const copyObject = (value: Record<string, unknown>, open: { readonly key: string; readonly value: unknown } | undefined): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...value }
  if (open !== undefined) copy[open.key] = open.value
  return copy
}

/**
 * A shared view of the tracked object's current keys, then the open key when given (O(1)).
 *
 * @internal
 */
export const objectView = (store: ObjectStore, open: { readonly key: string; readonly value: unknown } | undefined): Record<string, unknown> => {
  const target: Record<string, unknown> = Object.create(ViewPrototype)
  return new Proxy(target, new ObjectViewHandler(store, store.keys.length, open?.key, open?.value))
}
