/**
 * Concurrency: rounds of 200 streams at once against one loopback server, each stream getting a
 * different fixture body of a different provider (every body of every registered provider, over
 * the rounds), written in several network pieces interleaved across streams. Each stream must
 * give exactly the parts its own body gives alone: any cross-talk (a part of another stream, a
 * lost or reordered part) shows as a difference. Prints its counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { normalize } from "../testing/normalize.ts"
import * as L from "../reliability/loopback.ts"
import * as F from "./bodies.ts"

const STREAMS = 200

let server: L.Server
beforeAll(async () => {
  server = await L.start((_req, res, body) => {
    const m = /talk:(\d+):(alone|crowd):\d+/.exec(body)
    const b = m === null ? undefined : F.bodies[Number(m[1])]
    if (m === null || b === undefined) return L.json(res, 404, { error: { message: "no such body" } })
    if (m[2] === "alone") return F.send(res, b)
    // the body in 4 pieces, each on its own turn of the event loop, so streams interleave
    res.sendDate = false
    res.writeHead(200, { "content-type": b.contentType })
    const bytes = typeof b.bytes === "string" ? Buffer.from(b.bytes) : Buffer.from(b.bytes)
    const cut = [0, 1, 2, 3, 4].map((q) => Math.round((q * bytes.length) / 4))
    let q = 0
    const next = () => {
      if (q >= 4) return void res.end()
      res.write(bytes.subarray(cut[q], cut[q + 1]))
      q++
      setImmediate(next)
    }
    next()
  })
})
afterAll(() => server.stop())

let seq = 0
const view = (parts: ReadonlyArray<unknown>): string =>
  JSON.stringify(normalize(parts)).replace(/talk:\d+:(?:alone|crowd):\d+/g, "marker")

const run = (i: number, mode: "alone" | "crowd") =>
  Effect.flatMap(F.model(F.bodies[i]!.provider, server), (m) => F.collect(m, { text: `talk:${i}:${mode}:${seq++}` })).pipe(
    Effect.map((r) => view([...r.parts, Exit.isSuccess(r.exit) ? "ok" : r.exit.cause.reasons.map((x) => x._tag === "Fail" ? x.error : x._tag)]))
  )

describe("concurrent streams", () => {
  it.live(`rounds of ${STREAMS} concurrent streams over every body of every provider: 0 cross-talk`, () =>
    Effect.gen(function*() {
      const alone = yield* Effect.forEach(F.bodies, (_b, i) => run(i, "alone"), { concurrency: 8 })
      const rounds = Math.ceil(F.bodies.length / STREAMS) + 1
      // the comparison is not vacuous: most bodies stream text, and every body is in a crowd
      expect(alone.filter((v) => v.includes("\"text-delta\"")).length).toBeGreaterThan(F.bodies.length / 3)
      const covered = new Set<number>()
      let streams = 0
      const crossTalk: Array<string> = []
      for (let r = 0; r < rounds; r++) {
        // every body in order, wrapping around: the rounds cover all bodies, each crowd mixes providers
        const indices = Array.from({ length: STREAMS }, (_, j) => (r * STREAMS + j) % F.bodies.length)
        for (const i of indices) covered.add(i)
        const results = yield* Effect.forEach(indices, (i) => Effect.map(run(i, "crowd"), (v) => [i, v] as const), { concurrency: "unbounded" })
        for (const [i, v] of results) if (v !== alone[i]) crossTalk.push(F.bodies[i]!.name)
        streams += results.length
      }
      F.report(
        `concurrency: ${rounds} rounds of ${STREAMS} concurrent streams (${streams} streams, ${F.bodies.length} bodies of ${new Set(F.bodies.map((b) => b.provider)).size} providers), ${crossTalk.length} cross-talk`
      )
      expect(crossTalk).toStrictEqual([])
      expect(covered.size).toBe(F.bodies.length)
      expect(streams).toBe(rounds * STREAMS)
    }), 240_000)
})
