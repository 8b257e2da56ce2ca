/**
 * The shared object snapshots of partial outputs (`src/core/internal/ObjectView.ts`) behave as the
 * plain objects upstream publishes: every read, copy, inspection and write below gives the same
 * result on a view as on the equal plain object (key order included, with array-index keys),
 * writes never reach the shared store or the other views, and large partial objects really are
 * shared (the O(1) publication the P bench measures).
 */
import { describe, expect, it } from "@effect/vitest"
import { inspect, types } from "node:util"
import { addKey, OBJECT_SHARE_THRESHOLD, objectView, trackObject } from "../../src/core/internal/ObjectView.ts"
import * as Output from "../../src/core/Output.ts"

const N = OBJECT_SHARE_THRESHOLD + 6

/** A store with string keys and array-index keys mixed, inserted out of numeric order. */
const makeStore = () => {
  const value: Record<string, unknown> = {}
  const store = trackObject(value)
  const keys = Array.from({ length: N }, (_, i) => (i % 5 === 0 ? String(100 - i) : `k${i}`))
  for (const [i, key] of keys.entries()) {
    value[key] = i % 3 === 0 ? { nested: [i] } : i % 3 === 1 ? `v${i}` : i
    addKey(store, key)
  }
  return { value, store }
}

const reads = (o: Record<string, unknown>) => ({
  proto: Object.getPrototypeOf(o) === Object.prototype,
  ctor: o.constructor === Object,
  isArray: Array.isArray(o),
  keys: Object.keys(o),
  ownKeys: Reflect.ownKeys(o),
  entries: Object.entries(o),
  values: Object.values(o),
  json: JSON.stringify(o),
  spread: { ...o },
  assign: Object.assign({}, o),
  forIn: (() => {
    const out: Array<string> = []
    for (const k in o) out.push(k)
    return out
  })(),
  inK1: "k1" in o,
  inMissing: "missing" in o,
  hasOwn: Object.hasOwn(o, "k2"),
  hasOwnProperty: Object.prototype.hasOwnProperty.call(o, "95"),
  k1: o.k1,
  missing: o.missing,
  toStringTag: Object.prototype.toString.call(o),
  descriptor: Object.getOwnPropertyDescriptor(o, "k1"),
  extensible: Object.isExtensible(o),
  frozen: Object.isFrozen(o),
  inspect: inspect(o, { depth: 4 })
})

describe("ObjectView (shared partial objects)", () => {
  it("reads as the plain object, key order included", () => {
    const { store, value } = makeStore()
    const view = objectView(store, undefined)
    const plain = { ...value }
    expect(types.isProxy(view)).toBe(true)
    expect(reads(view)).toEqual(reads(plain))
    expect(view).toStrictEqual(plain)
  })

  it("with an open key: the store's keys then the open one", () => {
    const { store, value } = makeStore()
    const open = { key: "7", value: { partial: "x" } }
    const view = objectView(store, open)
    const plain: Record<string, unknown> = { ...value, [open.key]: open.value }
    expect(reads(view)).toEqual(reads(plain))
  })

  it("a published view does not change as the store grows", () => {
    const { store, value } = makeStore()
    const view = objectView(store, { key: "later", value: "par" })
    const before = JSON.stringify(view)
    value.later = "partial no more"
    addKey(store, "later")
    value["3"] = 3
    addKey(store, "3")
    expect(JSON.stringify(view)).toBe(before)
    expect("3" in view).toBe(false)
  })

  const writes: ReadonlyArray<readonly [string, (o: Record<string, unknown>) => unknown]> = [
    ["set", (o) => {
      o.k1 = "changed"
    }],
    ["add", (o) => {
      o.added = 1
    }],
    ["delete", (o) => {
      delete o.k2
    }],
    ["define", (o) => Object.defineProperty(o, "hidden", { value: 1, enumerable: false })],
    ["freeze", (o) => Object.freeze(o)],
    ["setPrototypeOf", (o) => Object.setPrototypeOf(o, null)]
  ]
  for (const [name, write] of writes) {
    it(`write (${name}): same result as on a plain object, store and other views untouched`, () => {
      const { store, value } = makeStore()
      const storeBefore = JSON.stringify(value)
      const view = objectView(store, undefined)
      const sibling = objectView(store, { key: "open", value: 1 })
      const siblingBefore = JSON.stringify(sibling)
      const plain = { ...value }
      write(view)
      write(plain)
      expect(JSON.stringify(value)).toBe(storeBefore)
      expect(JSON.stringify(sibling)).toBe(siblingBefore)
      expect(Object.getPrototypeOf(view)).toBe(Object.getPrototypeOf(plain))
      if (Object.getPrototypeOf(plain) !== null) expect(reads(view)).toEqual(reads(plain))
      else expect(Reflect.ownKeys(view)).toEqual(Reflect.ownKeys(plain))
    })
  }

  it("large open objects are published as shared views, small ones as copies", () => {
    const entries = Array.from({ length: N + 3 }, (_, i) => [i % 4 === 0 ? String(i * 7) : `key${i}`, { i }] as const)
    const text = JSON.stringify({ map: Object.fromEntries(entries) })
    const parser = Output.json().makePartialParser()
    let open: unknown = undefined
    for (let i = 0; i + 5 < text.length - 10; i += 5) open = parser.push(text.slice(i, i + 5))?.partial ?? open
    const map = typeof open === "object" && open !== null && "map" in open ? open.map : undefined
    expect(types.isProxy(map)).toBe(true)
    const small = Output.json().makePartialParser().push("{\"a\":1,\"b\":{\"c\":")?.partial
    expect(types.isProxy(small)).toBe(false)
    expect(small).toEqual({ a: 1, b: {} })
  })
})
