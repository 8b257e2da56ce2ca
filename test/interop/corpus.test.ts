/**
 * The bridges over the whole `fixtures/v4` wire corpus (recorded from the pinned upstream
 * packages): every stream part, generate result and call-options sample crosses the bridge in
 * each direction unchanged (strict equality: no key lost, none added, no `undefined` key).
 */
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { MockLanguageModelV4 } from "ai/test"
import { Effect, Schema, Stream } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { FromLanguageModelV4, toLanguageModelV4 } from "../../src/interop/index.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import { GenerateResult } from "../../src/contract/Results.ts"
import { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import { generateScenarios } from "./scenarios.ts"

const fixtures = path.join(import.meta.dirname, "../../fixtures/v4")
const read = <A>(file: string, decode: (u: unknown) => A): ReadonlyArray<A> =>
  fs.readFileSync(path.join(fixtures, file), "utf8").split("\n").filter((l) => l !== "").map((l) =>
    decode(JSON.parse(l).value)
  )

const parts = read("stream-parts.jsonl", Schema.decodeUnknownSync(Schema.toCodecJson(StreamPart)))
const results = read("generate-results.jsonl", Schema.decodeUnknownSync(Schema.toCodecJson(GenerateResult)))
const callOptions = read("call-options.jsonl", Schema.decodeUnknownSync(Schema.toCodecJson(CallOptions)))

const readAll = async (stream: ReadableStream<LanguageModelV4StreamPart>) => {
  const out: Array<LanguageModelV4StreamPart> = []
  for await (const part of stream) out.push(part)
  return out
}

describe("interop over the fixtures/v4 corpus", () => {
  it("the corpus is there", () => {
    expect(parts.length).toBeGreaterThan(50)
    expect(results.length).toBeGreaterThan(5)
    expect(callOptions.length).toBeGreaterThan(5)
  })

  it("toLanguageModelV4: every stream part reaches upstream unchanged, in order", async () => {
    const ours = await Effect.runPromise(MockLanguageModel.make({ stream: { stream: parts } }))
    const { stream } = await toLanguageModelV4(ours.model).doStream({ prompt: [] })
    expect(await readAll(stream)).toStrictEqual(parts)
  })

  it("toLanguageModelV4: every generate result reaches upstream unchanged", async () => {
    const ours = await Effect.runPromise(MockLanguageModel.make({ generate: results }))
    const model = toLanguageModelV4(ours.model)
    for (const result of results) {
      expect(await model.doGenerate({ prompt: [] })).toStrictEqual(result)
    }
  })

  it("every call-options sample crosses both bridges unchanged (plus the signal upstream)", async () => {
    // aimux → upstream through fromLanguageModelV4 ...
    const upstream = new MockLanguageModelV4({ doGenerate: generateScenarios[0]!.calls[0]! })
    const from = FromLanguageModelV4.make(upstream)
    for (const options of callOptions) await Effect.runPromise(from.generate(options))
    expect(upstream.doGenerateCalls.map(({ abortSignal: _signal, ...rest }) => rest)).toStrictEqual(callOptions)
    for (const call of upstream.doGenerateCalls) expect(call.abortSignal).toBeInstanceOf(AbortSignal)
    // ... and those upstream values back to aimux through toLanguageModelV4.
    const ours = await Effect.runPromise(MockLanguageModel.make({ generate: () => results[0]! }))
    const to = toLanguageModelV4(ours.model)
    for (const call of upstream.doGenerateCalls) await to.doGenerate(call)
    expect(await Effect.runPromise(ours.recorder.generateCalls)).toStrictEqual(callOptions)
  })

  it.effect("round trip fromLanguageModelV4(toLanguageModelV4(m)): parts and results are the same", () =>
    Effect.gen(function*() {
      const ours = yield* MockLanguageModel.make({ stream: { stream: parts }, generate: results })
      const back = FromLanguageModelV4.make(toLanguageModelV4(ours.model))
      const streamed = yield* Effect.flatMap(back.stream({ prompt: [] }), (r) => Stream.runCollect(r.stream))
      expect(Array.from(streamed)).toStrictEqual(parts)
      for (const result of results) expect(yield* back.generate({ prompt: [] })).toStrictEqual(result)
      expect(yield* ours.recorder.streamCalls).toStrictEqual([{ prompt: [] }])
    }))
})
