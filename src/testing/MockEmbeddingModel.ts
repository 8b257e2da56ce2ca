/**
 * A scripted embedding model for tests: the Effect counterpart of upstream `MockEmbeddingModelV4`
 * (`ai/test`). `embed` takes a script (a function of the call options and the call's index, one
 * result for every call, or one result per call in order); every call's options are recorded, in
 * order, and read back through the {@link MockEmbeddingModel} recorder. Without a script a call
 * fails with a defect `Error("Not implemented")`, as upstream throws.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Ref } from "effect"
import { EmbeddingModel, type EmbeddingError, type Service } from "../EmbeddingModel.ts"
import type { EmbeddingCallOptions, EmbeddingResult } from "../contract/Embedding.ts"
import { pick, type Script } from "./internal/mockScript.ts"

/**
 * Options of {@link layer} / {@link make} (upstream's defaults: `mock-provider`, `mock-model-id`,
 * one embedding per call, no parallel calls).
 *
 * @since 0.1.0
 * @category models
 */
export interface MockOptions {
  readonly provider?: string
  readonly modelId?: string
  /** Default 1; `null` for no limit (as upstream). */
  readonly maxEmbeddingsPerCall?: number | null | undefined
  readonly supportsParallelCalls?: boolean
  readonly maxInputBytesPerCall?: number | undefined
  readonly providerOptionsTransformer?: Service["providerOptionsTransformer"]
  readonly embed?: Script<EmbeddingCallOptions, EmbeddingResult, EmbeddingError>
}

/**
 * The recorded calls of a mock embedding model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Recorder {
  readonly embedCalls: Effect.Effect<ReadonlyArray<EmbeddingCallOptions>>
}

/**
 * The recorder of the mock model provided by {@link layer}.
 *
 * @since 0.1.0
 * @category services
 */
export class MockEmbeddingModel extends Context.Service<MockEmbeddingModel, Recorder>()("aimux/testing/MockEmbeddingModel") {}

/**
 * Builds a mock embedding model service and its recorder.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: MockOptions = {}): Effect.Effect<{ readonly model: Service; readonly recorder: Recorder }> =>
  Effect.gen(function*() {
    const calls = yield* Ref.make<ReadonlyArray<EmbeddingCallOptions>>([])
    const model: Service = {
      specificationVersion: "v4",
      provider: options.provider ?? "mock-provider",
      modelId: options.modelId ?? "mock-model-id",
      maxEmbeddingsPerCall: options.maxEmbeddingsPerCall === null ? undefined : options.maxEmbeddingsPerCall ?? 1,
      supportsParallelCalls: options.supportsParallelCalls ?? false,
      maxInputBytesPerCall: options.maxInputBytesPerCall,
      providerOptionsTransformer: options.providerOptionsTransformer,
      embed: (call) =>
        Effect.flatMap(
          Ref.modify(calls, (all) => [all.length, [...all, call]] as const),
          (index) => pick("MockEmbeddingModel", options.embed, call, index)
        )
    }
    return { model, recorder: { embedCalls: Ref.get(calls) } }
  })

/**
 * A Layer providing the scripted {@link EmbeddingModel} and the {@link MockEmbeddingModel} recorder.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: MockOptions = {}): Layer.Layer<EmbeddingModel | MockEmbeddingModel> =>
  Layer.effectContext(
    Effect.map(make(options), ({ model, recorder }) =>
      Context.make(EmbeddingModel, model).pipe(Context.add(MockEmbeddingModel, recorder)))
  )
