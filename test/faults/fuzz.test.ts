/**
 * A seeded fuzz: every fixture body of every registered provider, mutated (bytes flipped, cut,
 * deleted, duplicated, lines swapped, junk and `__proto__` / `constructor.prototype` members
 * inserted, numbers replaced, values nested deeply), split into random network chunks and
 * replayed into the provider's `stream`. Every run must end in parts or a typed failure: 0
 * defects, 0 hangs (5 s bound per run), 0 prototype pollution. Prints its counts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
import { call } from "../reliability/hostileHarness.ts"
import * as F from "./bodies.ts"

const SEED = Number(process.env.FAULTS_SEED ?? 20261201)
const PER_BODY = Number(process.env.FAULTS_FUZZ_PER_BODY ?? 16)

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
const rng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
type Rng = () => number
const int = (r: Rng, n: number) => Math.floor(r() * n)

const members = [
  `"__proto__":{"polluted":"proto"},`,
  `"constructor":{"prototype":{"polluted":"ctor"}},`,
  `"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":"escaped"},`,
  `"prototype":{"polluted":"bare"},`
]

const textMutations: ReadonlyArray<readonly [string, (t: string, r: Rng) => string]> = [
  ["flip", (t, r) => {
    const i = int(r, t.length)
    return t.slice(0, i) + String.fromCharCode(t.charCodeAt(i) ^ (1 << int(r, 7))) + t.slice(i + 1)
  }],
  ["truncate", (t, r) => t.slice(0, int(r, t.length))],
  ["delete", (t, r) => {
    const i = int(r, t.length)
    return t.slice(0, i) + t.slice(i + 1 + int(r, 64))
  }],
  ["duplicate", (t, r) => {
    const i = int(r, t.length)
    const j = Math.min(t.length, i + 1 + int(r, 200))
    return t.slice(0, j) + t.slice(i, j) + t.slice(j)
  }],
  ["swap-lines", (t, r) => {
    const lines = t.split("\n")
    const a = int(r, lines.length)
    const b = int(r, lines.length);
    [lines[a], lines[b]] = [lines[b]!, lines[a]!]
    return lines.join("\n")
  }],
  ["proto-member", (t, r) => {
    // after a random `{`: a member that tries to reach a prototype
    const opens = [...t.matchAll(/\{/g)].map((m) => m.index)
    if (opens.length === 0) return t
    const at = opens[int(r, opens.length)]! + 1
    return t.slice(0, at) + members[int(r, members.length)] + t.slice(at)
  }],
  ["number", (t, r) => t.replace(/\d+/, () => ["-1", "1e309", "0.5", "99999999999999999999", "NaN", "null", "\"7\""][int(r, 7)]!)],
  ["junk", (t, r) => {
    const i = int(r, t.length)
    const junk = ["\u0000", "\r", "\n\n", "data: {", "data: [DONE]\n\n", "event: error\n", "\uffff", "\ud800", "}}}}", "[[["][int(r, 10)]!
    return t.slice(0, i) + junk + t.slice(i)
  }],
  ["deep", (t, r) => {
    // a string value replaced by a deeply nested array (stack-safety, issue 22 item 1)
    const depth = [100, 5_000, 50_000][int(r, 3)]!
    return t.replace(/"[^"\\]{1,40}"/, () => "[".repeat(depth) + "]".repeat(depth))
  }],
  ["type-swap", (t, r) => t.replace(/"(type|event)":"[^"]*"/, () => `"$1":${["null", "1", "{}", "\"unknown_type\"", "\"\""][int(r, 5)]}`)]
]

const byteMutations: ReadonlyArray<readonly [string, (b: Uint8Array, r: Rng) => Uint8Array]> = [
  ["flip", (b, r) => {
    const out = Uint8Array.from(b)
    out[int(r, out.length)] ^= 1 << int(r, 8)
    return out
  }],
  ["truncate", (b, r) => b.subarray(0, int(r, b.length))],
  ["delete", (b, r) => {
    const i = int(r, b.length)
    return Uint8Array.from([...b.subarray(0, i), ...b.subarray(i + 1 + int(r, 16))])
  }],
  ["duplicate", (b, r) => {
    const i = int(r, b.length)
    const j = Math.min(b.length, i + 1 + int(r, 64))
    return Uint8Array.from([...b.subarray(0, j), ...b.subarray(i, j), ...b.subarray(j)])
  }]
]

const asBytes = (body: string | Uint8Array) => (typeof body === "string" ? new TextEncoder().encode(body) : body)

/** Random network chunks of the body. */
const chunksOf = (bytes: Uint8Array, r: Rng): Array<Uint8Array> => {
  const cuts = [...new Set(Array.from({ length: int(r, 5) }, () => int(r, bytes.length + 1)))].sort((a, b) => a - b)
  const out: Array<Uint8Array> = []
  let last = 0
  for (const c of [...cuts, bytes.length]) {
    if (c > last) out.push(bytes.subarray(last, c))
    last = c
  }
  return out
}

const runOnce = (provider: string, chunks: ReadonlyArray<Uint8Array>, contentType: string) =>
  Effect.gen(function*() {
    const entry = providers[provider]!
    const service = yield* entry.make({ modelId: entry.defaultModel, apiKey: "sk-fuzz", baseURL: "http://127.0.0.1:9/v1" }).pipe(
      Effect.provide(Layer.merge(
        ReplayHttpClient.layer({ chunks, headers: { "content-type": contentType }, reusable: true }),
        IdGenerator.layerCounter("gen")
      ))
    )
    return yield* Effect.flatMap(service.stream(call), (r) => Stream.runDrain(r.stream))
  }).pipe(
    Effect.exit,
    Effect.timeoutOption("5 seconds")
  )

const polluted = (): boolean => {
  const probe: object = {}
  return Reflect.get(probe, "polluted") !== undefined || Object.keys(Object.prototype).length > 0 ||
    Reflect.get(Array.prototype, "polluted") !== undefined || Reflect.get(Function.prototype, "polluted") !== undefined
}

describe("seeded fuzz of mutated bodies, every provider", () => {
  it.live(`seed ${SEED}, ${PER_BODY} mutations per body: 0 defects, 0 hangs, 0 pollution`, () =>
    Effect.gen(function*() {
      const r = rng(SEED)
      const counts = { runs: 0, ok: 0, typed: 0, defects: [] as Array<string>, hangs: [] as Array<string>, untyped: [] as Array<string>, pollution: [] as Array<string> }
      const perProvider = new Map<string, number>()
      for (const body of F.bodies) {
        for (let m = 0; m < PER_BODY; m++) {
          const binary = typeof body.bytes !== "string"
          const [name, bytes] = binary
            ? (() => {
              const [n, f] = byteMutations[int(r, byteMutations.length)]!
              return [n, f(asBytes(body.bytes), r)] as const
            })()
            : (() => {
              const [n, f] = textMutations[int(r, textMutations.length)]!
              // one to three mutations stacked
              let t = body.bytes as string
              const times = 1 + int(r, 3)
              for (let k = 0; k < times; k++) t = f(t, r)
              return [n, asBytes(t)] as const
            })()
          const label = `${body.name}#${m}:${name}`
          const outcome = yield* runOnce(body.provider, chunksOf(bytes, r), body.contentType)
          counts.runs++
          perProvider.set(body.provider, (perProvider.get(body.provider) ?? 0) + 1)
          if (outcome._tag === "None") counts.hangs.push(label)
          else if (Exit.isSuccess(outcome.value)) counts.ok++
          else if (Cause.hasDies(outcome.value.cause) || Cause.hasInterrupts(outcome.value.cause)) counts.defects.push(`${label}: ${Cause.pretty(outcome.value.cause).slice(0, 300)}`)
          else if (outcome.value.cause.reasons.some((x) => x._tag === "Fail" && !(typeof x.error === "object" && x.error !== null && "_tag" in x.error))) counts.untyped.push(label)
          else counts.typed++
          if (polluted()) counts.pollution.push(label)
        }
      }
      F.report(
        `fuzz: seed ${SEED}, ${counts.runs} mutated bodies over ${F.bodies.length} bodies of ${perProvider.size} providers ` +
          `(${[...perProvider].map(([p, n]) => `${p} ${n}`).join(", ")}): ${counts.ok} streamed to the end, ${counts.typed} typed failures, ` +
          `${counts.defects.length} defects, ${counts.untyped.length} untyped failures, ${counts.hangs.length} hangs, ${counts.pollution.length} pollution`
      )
      expect(perProvider.size).toBe(F.providerIds.length)
      expect(counts.defects).toStrictEqual([])
      expect(counts.untyped).toStrictEqual([])
      expect(counts.hangs).toStrictEqual([])
      expect(counts.pollution).toStrictEqual([])
      // the mutations reach both outcomes, so the fuzz exercises parsing and the error paths
      expect(counts.ok).toBeGreaterThan(counts.runs / 10)
      expect(counts.typed).toBeGreaterThan(counts.runs / 10)
    }), 240_000)
})
