/**
 * Shared pieces of the media tests: running upstream under vitest fake timers, aimux on TestClock,
 * and plain views of results and errors for comparison.
 */
import { vi } from "@effect/vitest"
import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"

/** Runs an upstream promise under fake timers (time starts at 0). */
export const underFakeTimers = async <A>(start: () => Promise<A>): Promise<{ ok: A } | { error: unknown }> => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 })
  try {
    const promise = start().then((ok) => ({ ok }), (error: unknown) => ({ error }))
    await vi.runAllTimersAsync()
    return await promise
  } finally {
    vi.useRealTimers()
  }
}

/** Runs an aimux effect on TestClock, advancing it far enough for every backoff. */
export const onTestClock = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<{ ok: A } | { error: unknown }> =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(Effect.exit(effect))
    yield* TestClock.adjust(600_000)
    const exit = yield* Fiber.join(fiber)
    return Exit.isSuccess(exit)
      ? { ok: exit.value }
      : { error: exit.cause.reasons.map((r) => (r._tag === "Fail" ? r.error : r._tag === "Die" ? r.defect : "interrupt"))[0] }
  })

/** Generated files → `{base64, mediaType, ...}` (both sides' lazy views), errors → their fields, then JSON. */
export const plain = (value: unknown): unknown => {
  const walk = (v: unknown): unknown => {
    if (v instanceof Error) {
      const fields: Record<string, unknown> = { name: v.name, message: v.message }
      for (const [k, x] of Object.entries(v)) {
        if (k === "stack" || k === "_tag" || k === "cause" || x === undefined) continue
        fields[k] = x
      }
      return walk(fields)
    }
    if (v instanceof Date) return v.toISOString()
    if (v instanceof Uint8Array) return { bytes: Buffer.from(v).toString("base64") }
    if (v instanceof URL) return { url: v.href }
    if (Array.isArray(v)) return v.map(walk)
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {}
      if ("base64" in v && "uint8Array" in v && "mediaType" in v) {
        out.base64 = v.base64
        out.mediaType = v.mediaType
        out.bytes = Buffer.from(v.uint8Array as Uint8Array).toString("base64")
      }
      // upstream's `image` is a prototype getter, aimux's an own field: both shown
      if ("image" in v && "images" in v) out.image = walk(v.image)
      for (const [k, x] of Object.entries(v)) {
        if (k === "base64Data" || k === "uint8ArrayData" || (k in out && (k === "base64" || k === "mediaType"))) continue
        if (k === "uint8Array" && "bytes" in out) continue
        if (x === undefined) continue
        out[k] = walk(x)
      }
      return out
    }
    return v
  }
  return walk(value)
}

/** The outcome of a run as plain data: `{ok}` or `{error}`. */
export const outcomeOf = (outcome: { ok: unknown } | { error: unknown }): unknown =>
  "ok" in outcome ? { ok: plain(outcome.ok) } : { error: plain(outcome.error) }

/** Call options without what only one side has: upstream's abort signal and `ai/<version>` user agent. */
export const callView = (options: unknown): unknown => {
  const o = plain(options)
  if (o !== null && typeof o === "object" && !Array.isArray(o)) {
    const rest: Record<string, unknown> = { ...o }
    delete rest.abortSignal
    const headers = rest.headers
    if (headers !== null && typeof headers === "object") {
      const h: Record<string, unknown> = { ...headers }
      delete h["user-agent"]
      rest.headers = h
    }
    return rest
  }
  return o
}
