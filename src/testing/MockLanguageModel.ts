/**
 * A scripted language model for tests: the Effect counterpart of upstream `MockLanguageModelV4`.
 *
 * `generate` and `stream` each take a script: a function of the call options (and the call's
 * index), one result used for every call, or an array with one result per call in order. Every
 * call's options are recorded, in order, and can be read back through the {@link MockLanguageModel}
 * service for assertions. A method without a script fails with a defect `Error("Not implemented")`,
 * as upstream throws.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Stream } from "effect"
import type { SupportedUrls } from "../LanguageModel.ts"
import { LanguageModel, type Service as LanguageModelService, type StreamResponse } from "../LanguageModel.ts"
import type { CallOptions } from "../contract/CallOptions.ts"
import type { ModelError } from "../contract/errors/index.ts"
import type { GenerateResult } from "../contract/Results.ts"
import type { StreamPart } from "../contract/StreamPart.ts"

/**
 * A scripted stream result: as the model service returns it, or with the parts given as an array.
 *
 * @since 0.1.0
 * @category models
 */
export interface MockStreamResult {
  readonly request?: StreamResponse["request"]
  readonly response?: StreamResponse["response"]
  readonly stream: Stream.Stream<StreamPart, ModelError> | ReadonlyArray<StreamPart>
}

/**
 * A script for one method: a function of the options and the 0-based call index, one result for
 * every call, or one result per call in order.
 *
 * @since 0.1.0
 * @category models
 */
export type Script<A> =
  | ((options: CallOptions, index: number) => Effect.Effect<A, ModelError> | A)
  | A
  | ReadonlyArray<A>

/**
 * Options of {@link layer} / {@link make}.
 *
 * @since 0.1.0
 * @category models
 */
export interface MockOptions {
  readonly provider?: string
  readonly modelId?: string
  readonly supportedUrls?: SupportedUrls
  readonly generate?: Script<GenerateResult>
  readonly stream?: Script<MockStreamResult>
}

/**
 * The recorded calls of a mock model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Recorder {
  /** The options of every `generate` call, in call order. */
  readonly generateCalls: Effect.Effect<ReadonlyArray<CallOptions>>
  /** The options of every `stream` call, in call order. */
  readonly streamCalls: Effect.Effect<ReadonlyArray<CallOptions>>
}

/**
 * The recorder of the mock model provided by {@link layer}.
 *
 * @since 0.1.0
 * @category services
 */
export class MockLanguageModel extends Context.Service<MockLanguageModel, Recorder>()("aimux/testing/MockLanguageModel") {}

const isFunction = (u: unknown): u is Function => typeof u === "function"

const pick = <A>(script: Script<A> | undefined, options: CallOptions, index: number): Effect.Effect<A, ModelError> => {
  if (script === undefined) return Effect.die(new Error("Not implemented"))
  if (isFunction(script)) {
    return Effect.suspend(() => {
      const out = script(options, index)
      return Effect.isEffect(out) ? out : Effect.succeed(out)
    })
  }
  if (Array.isArray(script)) {
    const item: A | undefined = script[index]
    return item === undefined
      ? Effect.die(new Error(`MockLanguageModel: no scripted result for call ${index}`))
      : Effect.succeed(item)
  }
  return Effect.succeed(script as A)
}

const toStreamResponse = (result: MockStreamResult): StreamResponse => {
  const stream = Array.isArray(result.stream)
    ? Stream.fromIterable<StreamPart>(result.stream)
    : (result.stream as Stream.Stream<StreamPart, ModelError>)
  return {
    ...(result.request !== undefined ? { request: result.request } : {}),
    ...(result.response !== undefined ? { response: result.response } : {}),
    stream
  }
}

/**
 * Builds a mock model service and its recorder.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: MockOptions = {}): Effect.Effect<{
  readonly model: LanguageModelService
  readonly recorder: Recorder
}> =>
  Effect.sync(() => {
    // appended in place (a copy per call would make a long tool loop quadratic in the mock); read as copies
    const generateCalls: Array<CallOptions> = []
    const streamCalls: Array<CallOptions> = []
    const record = (calls: Array<CallOptions>, call: CallOptions) => Effect.sync(() => calls.push(call) - 1)
    const model: LanguageModelService = {
      specificationVersion: "v4",
      provider: options.provider ?? "mock-provider",
      modelId: options.modelId ?? "mock-model-id",
      supportedUrls: Effect.succeed(options.supportedUrls ?? {}),
      generate: (call) =>
        Effect.flatMap(record(generateCalls, call), (index) => pick(options.generate, call, index)),
      stream: (call) =>
        Effect.flatMap(
          record(streamCalls, call),
          (index) => Effect.map(pick(options.stream, call, index), toStreamResponse)
        )
    }
    return {
      model,
      recorder: { generateCalls: Effect.sync(() => generateCalls.slice()), streamCalls: Effect.sync(() => streamCalls.slice()) }
    }
  })

/**
 * A Layer providing the scripted {@link LanguageModel} and the {@link MockLanguageModel} recorder.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: MockOptions = {}): Layer.Layer<LanguageModel | MockLanguageModel> =>
  Layer.effectContext(
    Effect.map(make(options), ({ model, recorder }) =>
      Context.make(LanguageModel, model).pipe(Context.add(MockLanguageModel, recorder)))
  )
