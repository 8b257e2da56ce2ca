/**
 * The differential harness of the middleware tests: the same scripted inner model (a generate
 * result, stream parts) and the same call options go through upstream's `wrapLanguageModel`
 * (inner: `MockLanguageModelV4`) and through aimux's `Middleware.wrap` (inner: a native service
 * whose stream yields the parts in arrays of `chunkSize`, so per-array state is exercised).
 * Both record the options the inner model received.
 */
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart
} from "@ai-sdk/provider"
import { type LanguageModelMiddleware, wrapLanguageModel } from "ai"
import { convertArrayToReadableStream, convertReadableStreamToArray, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as Middleware from "../../../src/core/middleware/Middleware.ts"
import * as LanguageModel from "../../../src/LanguageModel.ts"
import type { CallOptions } from "../../../src/contract/CallOptions.ts"
import type { GenerateResult } from "../../../src/contract/Results.ts"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"

export interface Script {
  readonly generate?: LanguageModelV4GenerateResult
  readonly stream?: ReadonlyArray<LanguageModelV4StreamPart>
}

export const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined }
}

export const generateResult = (
  content: LanguageModelV4GenerateResult["content"],
  extra: Partial<LanguageModelV4GenerateResult> = {}
): LanguageModelV4GenerateResult => ({
  content,
  finishReason: { unified: "stop", raw: "stop" },
  usage,
  warnings: [],
  ...extra
})

export const textStream = (deltas: ReadonlyArray<string>, id = "t"): Array<LanguageModelV4StreamPart> => [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id },
  ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: "text-delta", id, delta })),
  { type: "text-end", id },
  { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage }
]

export const params = (extra: Partial<LanguageModelV4CallOptions> = {}): LanguageModelV4CallOptions => ({
  prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
  ...extra
})

export interface Outcome {
  readonly generateParams: ReadonlyArray<unknown>
  readonly streamParams: ReadonlyArray<unknown>
  readonly generate?: unknown
  readonly parts?: ReadonlyArray<unknown>
  readonly provider: string
  readonly modelId: string
  readonly supportedUrls: unknown
}

const mockModel = (script: Script) =>
  new MockLanguageModelV4({
    provider: "mock-provider",
    modelId: "mock-model",
    supportedUrls: { "image/*": [/^https:\/\/img\//] },
    doGenerate: async () => {
      if (script.generate === undefined) throw new Error("no generate script")
      return script.generate
    },
    doStream: async () => ({ stream: convertArrayToReadableStream([...(script.stream ?? [])]) })
  })

export const runUpstream = async (
  middleware: LanguageModelMiddleware | Array<LanguageModelMiddleware>,
  script: Script,
  options: LanguageModelV4CallOptions,
  wrapOptions: { modelId?: string; providerId?: string } = {}
): Promise<Outcome> => {
  const inner = mockModel(script)
  const model = wrapLanguageModel({ model: inner, middleware, ...wrapOptions })
  const upstreamOptions = options
  const generate = script.generate === undefined ? undefined : await model.doGenerate(upstreamOptions)
  const parts = script.stream === undefined
    ? undefined
    : await convertReadableStreamToArray((await model.doStream(upstreamOptions)).stream)
  return {
    generateParams: inner.doGenerateCalls,
    streamParams: inner.doStreamCalls,
    ...(generate === undefined ? {} : { generate }),
    ...(parts === undefined ? {} : { parts }),
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: await model.supportedUrls
  }
}

export const aimuxInner = (script: Script, chunkSize: number) => {
  const generateParams: Array<CallOptions> = []
  const streamParams: Array<CallOptions> = []
  const service: LanguageModel.Service = {
    specificationVersion: "v4",
    provider: "mock-provider",
    modelId: "mock-model",
    supportedUrls: Effect.succeed({ "image/*": [/^https:\/\/img\//] }),
    generate: (options) =>
      Effect.suspend(() => {
        generateParams.push(options)
        return script.generate === undefined ? Effect.die("no generate script") : Effect.succeed<GenerateResult>(script.generate)
      }),
    stream: (options) =>
      Effect.sync(() => {
        streamParams.push(options)
        const parts: ReadonlyArray<StreamPart> = script.stream ?? []
        return { stream: Stream.fromIterable(parts).pipe(Stream.rechunk(chunkSize)) }
      })
  }
  return { service, generateParams, streamParams }
}

export const runAimux = (
  middleware: Middleware.Middlewares,
  script: Script,
  options: LanguageModelV4CallOptions,
  chunkSize = 1,
  wrapOptions: Middleware.WrapModelOptions = {}
): Promise<Outcome> => {
  const inner = aimuxInner(script, chunkSize)
  const model = Middleware.wrap(inner.service, middleware, wrapOptions)
  return Effect.runPromise(Effect.gen(function*() {
    const generate = script.generate === undefined ? undefined : yield* model.generate(options)
    const parts = script.stream === undefined
      ? undefined
      : Array.from(yield* Stream.runCollect((yield* model.stream(options)).stream))
    return {
      generateParams: inner.generateParams,
      streamParams: inner.streamParams,
      ...(generate === undefined ? {} : { generate }),
      ...(parts === undefined ? {} : { parts }),
      provider: model.provider,
      modelId: model.modelId,
      supportedUrls: yield* model.supportedUrls
    }
  }))
}

/** Splits `text` into deltas at the given cut points. */
export const splitAt = (text: string, cuts: ReadonlyArray<number>): Array<string> => {
  const sorted = [...new Set(cuts.filter((c) => c > 0 && c < text.length))].sort((a, b) => a - b)
  const out: Array<string> = []
  let last = 0
  for (const cut of sorted) {
    out.push(text.slice(last, cut))
    last = cut
  }
  out.push(text.slice(last))
  return out
}
