/**
 * A scripted reranking model for tests: the Effect counterpart of upstream `MockRerankingModelV4`
 * (`ai/test`). `rerank` takes a script as the other mock models do; calls are recorded in order.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Ref } from "effect"
import { RerankingModel, type Service } from "../RerankingModel.ts"
import type { ModelError } from "../contract/errors/ModelError.ts"
import type { RerankingCallOptions, RerankingResult } from "../contract/Reranking.ts"
import { pick, type Script } from "./internal/mockScript.ts"

/**
 * Options of {@link layer} / {@link make}.
 *
 * @since 0.1.0
 * @category models
 */
export interface MockOptions {
  readonly provider?: string
  readonly modelId?: string
  readonly rerank?: Script<RerankingCallOptions, RerankingResult, ModelError>
}

/**
 * The recorded calls of a mock reranking model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Recorder {
  readonly rerankCalls: Effect.Effect<ReadonlyArray<RerankingCallOptions>>
}

/**
 * The recorder of the mock model provided by {@link layer}.
 *
 * @since 0.1.0
 * @category services
 */
export class MockRerankingModel extends Context.Service<MockRerankingModel, Recorder>()("aimux/testing/MockRerankingModel") {}

/**
 * Builds a mock reranking model service and its recorder.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: MockOptions = {}): Effect.Effect<{ readonly model: Service; readonly recorder: Recorder }> =>
  Effect.gen(function*() {
    const calls = yield* Ref.make<ReadonlyArray<RerankingCallOptions>>([])
    const model: Service = {
      specificationVersion: "v4",
      provider: options.provider ?? "mock-provider",
      modelId: options.modelId ?? "mock-model-id",
      rerank: (call) =>
        Effect.flatMap(
          Ref.modify(calls, (all) => [all.length, [...all, call]] as const),
          (index) => pick("MockRerankingModel", options.rerank, call, index)
        )
    }
    return { model, recorder: { rerankCalls: Ref.get(calls) } }
  })

/**
 * A Layer providing the scripted {@link RerankingModel} and the {@link MockRerankingModel} recorder.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: MockOptions = {}): Layer.Layer<RerankingModel | MockRerankingModel> =>
  Layer.effectContext(
    Effect.map(make(options), ({ model, recorder }) =>
      Context.make(RerankingModel, model).pipe(Context.add(MockRerankingModel, recorder)))
  )
