/**
 * The shared array snapshots of partial outputs (`src/core/internal/ArrayView.ts`) behave as the
 * plain arrays upstream publishes: every read, copy, inspection and write below gives the same
 * result on a view as on the equal plain array, writes never reach the shared store or the other
 * views, and long partial arrays really are shared (the O(1) publication the linearity bench
 * measures). The one documented difference: a view is not structured-cloneable.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { inspect, types } from "node:util"
import { prefixOf, SHARE_THRESHOLD, withTail } from "../../src/core/internal/ArrayView.ts"
import * as Output from "../../src/core/Output.ts"

const N = SHARE_THRESHOLD + 5

const store = (): Array<unknown> => Array.from({ length: N + 3 }, (_, i) => (i % 4 === 0 ? { id: i, tags: ["a", i] } : i % 4 === 1 ? `s${i}` : i % 4 === 2 ? [i, null] : i))

/** Everything a consumer can read off an array, as comparable data. */
const reads = (a: Array<unknown>) => ({
  isArray: Array.isArray(a),
  instance: a instanceof Array,
  proto: Object.getPrototypeOf(a) === Array.prototype,
  ctor: a.constructor === Array,
  length: a.length,
  first: a[0],
  last: a[a.length - 1],
  at: a.at(-2),
  outOfRange: a[a.length],
  negative: a[-1],
  inFirst: 0 in a,
  inLength: "length" in a,
  inOut: a.length in a,
  hasOwnLast: Object.hasOwn(a, a.length - 1),
  keys: Object.keys(a),
  ownKeys: Reflect.ownKeys(a),
  entries: Object.entries(a),
  json: JSON.stringify(a),
  spread: [...a],
  from: Array.from(a),
  forOf: (() => {
    const out: Array<unknown> = []
    for (const x of a) out.push(x)
    return out
  })(),
  forIn: (() => {
    const out: Array<string> = []
    for (const k in a) out.push(k)
    return out
  })(),
  mapped: a.map((x) => typeof x),
  mappedIsPlain: !types.isProxy(a.map((x) => x)) && a.map((x) => x).constructor === Array,
  filtered: a.filter((x) => typeof x === "number"),
  sliced: a.slice(2, 9),
  concat: a.concat([1]).length,
  concatInto: Array.prototype.concat.call([0], a).length,
  join: a.map(String).join("|"),
  string: String(a.map(String)),
  includes: a.includes(a[3]),
  indexOf: a.indexOf(a[5]),
  find: a.find((x) => typeof x === "string"),
  reduce: a.reduce((n: number, x) => n + (typeof x === "number" ? x : 0), 0),
  descriptorIndex: Object.getOwnPropertyDescriptor(a, 1),
  descriptorLength: Object.getOwnPropertyDescriptor(a, "length"),
  extensible: Object.isExtensible(a),
  frozen: Object.isFrozen(a),
  inspect: inspect(a, { depth: 4 }),
  tag: Object.prototype.toString.call(a)
})

describe("ArrayView (shared partial arrays)", () => {
  it("prefixOf: reads as the plain prefix", () => {
    const s = store()
    const view = prefixOf(s, N)
    const plain = s.slice(0, N)
    expect(types.isProxy(view)).toBe(true)
    expect(reads(view)).toEqual(reads(plain))
    expect(view).toStrictEqual(plain)
    expect(plain).toStrictEqual(view)
  })

  it("withTail: the store's elements then the open element", () => {
    const s = store()
    const tail = { open: "elem" }
    const view = withTail(s, tail)
    const plain = [...s, tail]
    expect(types.isProxy(view)).toBe(true)
    expect(reads(view)).toEqual(reads(plain))
    expect(view[s.length]).toBe(tail)
  })

  it("small arrays are plain copies", () => {
    const s = store().slice(0, SHARE_THRESHOLD)
    expect(types.isProxy(prefixOf(s, SHARE_THRESHOLD))).toBe(false)
    expect(types.isProxy(withTail(s.slice(0, SHARE_THRESHOLD - 1), 1))).toBe(false)
    expect(prefixOf(s, 3)).toEqual(s.slice(0, 3))
  })

  it("a published view does not change as the store grows", () => {
    const s = store()
    const view = prefixOf(s, N)
    const before = JSON.stringify(view)
    s.push("later", { x: 1 })
    expect(JSON.stringify(view)).toBe(before)
    expect(view.length).toBe(N)
  })

  const writes: ReadonlyArray<readonly [string, (a: Array<unknown>) => unknown]> = [
    ["push", (a) => a.push("new")],
    ["index set", (a) => {
      a[2] = "changed"
    }],
    ["length cut", (a) => {
      a.length = 3
    }],
    ["sort", (a) => a.sort((x, y) => String(x).localeCompare(String(y)))],
    ["reverse", (a) => a.reverse()],
    ["splice", (a) => a.splice(1, 4, "x")],
    ["shift", (a) => a.shift()],
    ["delete", (a) => {
      delete a[0]
    }],
    ["fill", (a) => a.fill(0, 2, 6)],
    ["define", (a) => Object.defineProperty(a, "extra", { value: 1, enumerable: true })],
    ["freeze", (a) => Object.freeze(a)],
    ["setPrototypeOf", (a) => Object.setPrototypeOf(a, null)]
  ]

  for (const [name, write] of writes) {
    it(`write (${name}): same result as on a plain array, store and other views untouched`, () => {
      const s = store()
      const storeBefore = JSON.stringify(s)
      const view = prefixOf(s, N)
      const sibling = withTail(s, "tail")
      const siblingBefore = JSON.stringify(sibling)
      const plain = s.slice(0, N)
      const resultView = write(view)
      const resultPlain = write(plain)
      expect(JSON.stringify(s)).toBe(storeBefore)
      expect(JSON.stringify(sibling)).toBe(siblingBefore)
      expect(Object.getPrototypeOf(view)).toBe(Object.getPrototypeOf(plain))
      if (Object.getPrototypeOf(plain) !== null) {
        expect(reads(view)).toEqual(reads(plain))
        expect(resultView === view ? "self" : resultView).toEqual(resultPlain === plain ? "self" : resultPlain)
      } else {
        expect(Reflect.ownKeys(view)).toEqual(Reflect.ownKeys(plain))
      }
    })
  }

  it("a frozen view rejects later writes, as a frozen array does", () => {
    const view = prefixOf(store(), N)
    Object.freeze(view)
    expect(Object.isFrozen(view)).toBe(true)
    expect(() => view.push(1)).toThrow(TypeError)
  })

  it("divergence: a view is not structured-cloneable (docs/divergences.md)", () => {
    const view = prefixOf(store(), N)
    expect(() => structuredClone(view)).toThrow()
    expect(structuredClone([...view])).toEqual([...view])
  })

  it("long partial arrays are published as shared views (O(1) each), by both array paths", () => {
    const records = Array.from({ length: N + 4 }, (_, i) => ({ id: i }))
    const elements = Output.array({ element: Schema.Struct({ id: Schema.Number }) }).makePartialParser()
    const object = Output.json().makePartialParser()
    let lastElements: unknown = undefined
    let lastObject: unknown = undefined
    const text = JSON.stringify({ elements: records })
    for (let i = 0; i < text.length; i += 5) {
      const delta = text.slice(i, i + 5)
      lastElements = elements.push(delta)?.partial ?? lastElements
      lastObject = object.push(delta)?.partial ?? lastObject
    }
    expect(Array.isArray(lastElements) && types.isProxy(lastElements)).toBe(true)
    expect(lastElements).toEqual(records)
    const items = typeof lastObject === "object" && lastObject !== null && "elements" in lastObject ? lastObject.elements : undefined
    expect(lastObject).toEqual({ elements: records })
    // the completed root holds the parser's own finished array; the open one before it was a view
    expect(Array.isArray(items)).toBe(true)
    const open = Output.json().makePartialParser()
    const partial = open.push(text.slice(0, -20))?.partial
    const openItems = typeof partial === "object" && partial !== null && "elements" in partial ? partial.elements : undefined
    expect(types.isProxy(openItems)).toBe(true)
  })
})
