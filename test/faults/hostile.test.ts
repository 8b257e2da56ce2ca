/**
 * Generated hostile inputs (issue 31): for every provider of the provider table (docs/providers.md,
 * so a provider added later is covered by its row and its fixtures, without a test of its own) and
 * the OpenAI-compatible presets, every JSON position of its wire shapes (`positions.ts`: stream
 * events and generate bodies, error payloads, usage, metadata, arguments, deltas, tool results)
 * gets values nested 10^3, 10^4 and 10^5 deep and huge values, through `stream` and `generate`
 * (error-shaped generate bodies also as an HTTP 400 body). Every run must end in parts or a typed
 * failure, every error part must carry a typed error: 0 defects, 0 hangs. Prints its counts
 * (positions, bodies, defects).
 *
 * Bounded (test:faults stays a few minutes on 2 cores): each table provider runs at most
 * `FAULTS_HOSTILE_POSITIONS` (default 20) of its positions, the ones of the kinds the issue names
 * first (arguments, inputs, content, deltas, text, errors, usage, metadata, results, signatures),
 * spread over its files; the Azure models (the OpenAI kit's) and the presets a spread of 6.
 * `FAULTS_HOSTILE_POSITIONS=all` runs every position (about 34,000 bodies, half an hour).
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import type { Service } from "../../src/LanguageModel.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
import { OpenAICompatiblePresets } from "../../src/providers/openai-compatible/index.ts"
import { call } from "../reliability/hostileHarness.ts"
import * as F from "./bodies.ts"
import * as P from "./positions.ts"

const CAP = process.env.FAULTS_HOSTILE_POSITIONS === "all" ? Infinity : Number(process.env.FAULTS_HOSTILE_POSITIONS ?? 20)
/** The presets and Azure share another provider's model: a spread of positions proves their wiring. */
const SHARED_POSITIONS = 6
const shared = (id: string) => presetIds.includes(id) || id.startsWith("azure-")

/** The positions the issue names, by their last key. */
const named = /arg|input|content|delta|text|error|message|usage|token|metadata|result|output|signature|code|data|partial/i

/** At most `cap` positions: the named kinds first, each group spread over the list. */
const pick = (all: ReadonlyArray<P.Position>, cap: number): Array<P.Position> => {
  if (all.length <= cap) return [...all]
  const last = (p: P.Position) => String(p.path[p.path.length - 1])
  const first = all.filter((p) => named.test(last(p)))
  const rest = all.filter((p) => !named.test(last(p)))
  const fromFirst = Math.min(first.length, Math.ceil(cap * 0.75))
  return [...spread(first, fromFirst), ...spread(rest, cap - fromFirst)]
}

/** The `aimux stream` ids of docs/providers.md's status table. */
const tableIds = (): Array<string> => {
  const lines = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/providers.md"), "utf8").split("\n")
  const start = lines.indexOf("## Status")
  const ids: Array<string> = []
  for (const line of lines.slice(start + 3)) {
    if (!line.startsWith("|")) break
    const cell = line.split(" | ")[1] ?? ""
    for (const m of cell.matchAll(/`([^`]+)`/g)) ids.push(m[1]!)
  }
  return ids
}

const presetIds = OpenAICompatiblePresets.presets.map((preset) => preset.id)

const spread = <A>(items: ReadonlyArray<A>, n: number): Array<A> =>
  items.length <= n ? [...items] : Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!)

const modelOf = (provider: string, chunks: ReadonlyArray<Uint8Array>, contentType: string, status: number) => {
  const entry = providers[provider]!
  return entry.make({ modelId: entry.defaultModel, apiKey: "sk-hostile", baseURL: "http://127.0.0.1:9/v1" }).pipe(
    Effect.provide(Layer.merge(
      ReplayHttpClient.layer({ chunks, status, headers: { "content-type": contentType }, reusable: true }),
      IdGenerator.layerCounter("gen")
    ))
  )
}

const typedError = (error: unknown): boolean =>
  typeof error === "object" && error !== null && ("_tag" in error || /^AI_/.test(String(Reflect.get(error, "name"))))

interface Outcome {
  readonly kind: "ok" | "typed" | "defect" | "untyped" | "hang"
  readonly detail?: string
}

const classify = (exit: Exit.Exit<unknown, unknown>, errorParts: ReadonlyArray<unknown>): Outcome => {
  if (Exit.isFailure(exit)) {
    if (Cause.hasDies(exit.cause) || Cause.hasInterrupts(exit.cause)) return { kind: "defect", detail: Cause.pretty(exit.cause).slice(0, 400) }
    const untyped = exit.cause.reasons.some((r) => r._tag === "Fail" && !typedError(r.error))
    return untyped ? { kind: "untyped", detail: String(Cause.squash(exit.cause)).slice(0, 200) } : { kind: "typed" }
  }
  // an error part may carry the provider's own error payload (plain data, as upstream); a thrown
  // JavaScript error (a RangeError, a TypeError) in one is a defect that escaped as data
  const bare = errorParts.find((e) => e instanceof Error && !typedError(e))
  return bare !== undefined ? { kind: "untyped", detail: `error part ${String(bare).slice(0, 200)}` } : { kind: "ok" }
}

const runStream = (provider: string, body: Uint8Array, contentType: string) =>
  Effect.gen(function*() {
    const service: Service = yield* modelOf(provider, [body], contentType, 200)
    const errors: Array<unknown> = []
    const exit = yield* Effect.flatMap(service.stream(call), (r) =>
      Stream.runForEach(r.stream, (part) =>
        Effect.sync(() => {
          if (part.type === "error") errors.push(part.error)
        }))).pipe(Effect.exit)
    return classify(exit, errors)
  })

const runGenerate = (provider: string, body: Uint8Array, status: number) =>
  Effect.gen(function*() {
    const service: Service = yield* modelOf(provider, [body], "application/json", status)
    return classify(yield* Effect.exit(service.generate(call)), [])
  })

const bounded = (run: Effect.Effect<Outcome, unknown>) =>
  run.pipe(
    Effect.catchCause((cause) => Effect.succeed<Outcome>({ kind: "defect", detail: Cause.pretty(cause).slice(0, 400) })),
    Effect.timeoutOption("10 seconds"),
    Effect.map((o) => (o._tag === "None" ? { kind: "hang" as const } : o.value))
  )

const totals = { providers: 0, positions: 0, available: 0, bodies: 0, defects: 0, untyped: 0, hangs: 0 }

describe("generated hostile inputs at every parsed position, every provider of the table", () => {
  const table = tableIds()
  const ids = [...table, ...presetIds.filter((id) => !table.includes(id))]

  it("every table row is a registered provider with positions (a new row needs only fixtures)", () => {
    expect(table.length).toBeGreaterThanOrEqual(17)
    for (const id of table) {
      expect(providers[id], `${id} is not registered`).toBeDefined()
      expect(P.positionsOf(id).length, `${id} has no fixture positions`).toBeGreaterThan(10)
    }
  })

  for (const provider of ids) {
    it.live(`${provider}: 0 defects, 0 hangs`, () =>
      Effect.gen(function*() {
        const all = P.positionsOf(provider)
        const positions = shared(provider) ? spread(all, SHARED_POSITIONS) : pick(all, CAP)
        const counts = { positions: positions.length, bodies: 0, ok: 0, typed: 0, defects: [] as Array<string>, untyped: [] as Array<string>, hangs: [] as Array<string> }
        for (const position of positions) {
          for (const hostile of P.hostiles) {
            const body = P.bytesOf(P.bodyFor(position, hostile))
            const runs: Array<readonly [string, Effect.Effect<Outcome, unknown>]> = position.mode === "stream"
              ? [["stream", runStream(provider, body, position.contentType)]]
              : [["generate", runGenerate(provider, body, 200)], ...(position.error ? [["generate 400", runGenerate(provider, body, 400)] as const] : [])]
            for (const [mode, run] of runs) {
              const outcome = yield* bounded(run)
              counts.bodies++
              const label = `${mode} ${path.relative(F.root, position.file)} ${position.shape} ← ${hostile.name}`
              if (outcome.kind === "ok") counts.ok++
              else if (outcome.kind === "typed") counts.typed++
              else if (outcome.kind === "defect") counts.defects.push(`${label}: ${outcome.detail}`)
              else if (outcome.kind === "untyped") counts.untyped.push(`${label}: ${outcome.detail}`)
              else counts.hangs.push(label)
            }
          }
        }
        F.report(
          `hostile: ${provider}: ${counts.positions} of ${all.length} positions, ${counts.bodies} bodies (${P.hostiles.length} hostile values each): ` +
            `${counts.ok} ended in parts, ${counts.typed} typed failures, ${counts.defects.length} defects, ` +
            `${counts.untyped.length} untyped, ${counts.hangs.length} hangs`
        )
        totals.providers++
        totals.positions += counts.positions
        totals.available += all.length
        totals.bodies += counts.bodies
        totals.defects += counts.defects.length
        totals.untyped += counts.untyped.length
        totals.hangs += counts.hangs.length
        expect(counts.defects.slice(0, 5)).toStrictEqual([])
        expect(counts.untyped.slice(0, 5)).toStrictEqual([])
        expect(counts.hangs.slice(0, 5)).toStrictEqual([])
        expect(counts.positions).toBeGreaterThan(0)
      }), 600_000)
  }

  it("totals", () => {
    F.report(
      `hostile: ${totals.providers} providers, ${totals.positions} of ${totals.available} positions, ${totals.bodies} bodies: ` +
        `${totals.defects} defects, ${totals.untyped} untyped, ${totals.hangs} hangs`
    )
    expect(totals.providers).toBe(ids.length)
  })
})
