/**
 * A scripted decision model for tests: the Effect counterpart of upstream `DecisionMockModelV4`
 * (`ai/test`; default question types `choice`, `score`, `boolean`). The service is built with
 * `DecisionModel.make`, so options are checked and unsupported question types rejected as a real
 * model's are; calls are recorded in order.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Ref } from "effect"
import { DecisionModel, type DecisionError, make as makeDecisionModel, type Service } from "../DecisionModel.ts"
import type { DecisionCallOptions, DecisionResult, QuestionType } from "../contract/Decision.ts"
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
  readonly supportedQuestionTypes?: ReadonlyArray<QuestionType>
  readonly decide?: Script<DecisionCallOptions, DecisionResult, DecisionError>
}

/**
 * The recorded calls of a mock decision model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Recorder {
  readonly decideCalls: Effect.Effect<ReadonlyArray<DecisionCallOptions>>
}

/**
 * The recorder of the mock model provided by {@link layer}.
 *
 * @since 0.1.0
 * @category services
 */
export class MockDecisionModel extends Context.Service<MockDecisionModel, Recorder>()("aimux/testing/MockDecisionModel") {}

/**
 * Builds a mock decision model service and its recorder.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: MockOptions = {}): Effect.Effect<{ readonly model: Service; readonly recorder: Recorder }> =>
  Effect.gen(function*() {
    const calls = yield* Ref.make<ReadonlyArray<DecisionCallOptions>>([])
    const model = makeDecisionModel({
      provider: options.provider ?? "mock-provider",
      modelId: options.modelId ?? "mock-model-id",
      supportedQuestionTypes: options.supportedQuestionTypes ?? ["choice", "score", "boolean"],
      decide: (call) =>
        Effect.flatMap(
          Ref.modify(calls, (all) => [all.length, [...all, call]] as const),
          (index) => pick("MockDecisionModel", options.decide, call, index)
        )
    })
    return { model, recorder: { decideCalls: Ref.get(calls) } }
  })

/**
 * A Layer providing the scripted {@link DecisionModel} and the {@link MockDecisionModel} recorder.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: MockOptions = {}): Layer.Layer<DecisionModel | MockDecisionModel> =>
  Layer.effectContext(
    Effect.map(make(options), ({ model, recorder }) =>
      Context.make(DecisionModel, model).pipe(Context.add(MockDecisionModel, recorder)))
  )
