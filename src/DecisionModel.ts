/**
 * The Decision model contract (`Experimental_DecisionModelV4`) as an Effect service.
 *
 * `decide(options)` is the upstream `doDecide`: one call answers every question against the same
 * state, with no partial results. Unsupported question types are rejected before any I/O (as
 * upstream's `supportedQuestionTypes` is meant for), with
 * `DecisionUnsupportedQuestionTypeError`.
 *
 * @since 0.1.0
 */
import { Context, Effect, Schema } from "effect"
import { DecisionCallOptions } from "./contract/Decision.ts"
import type { DecisionResult, QuestionType } from "./contract/Decision.ts"
import type { DecisionRefusalError, ModelError } from "./contract/errors/index.ts"
import { DecisionUnsupportedQuestionTypeError, InvalidPromptError } from "./contract/errors/index.ts"

/**
 * The failures of `decide`.
 *
 * @since 0.1.0
 * @category errors
 */
export type DecisionError = ModelError | DecisionRefusalError | DecisionUnsupportedQuestionTypeError

/**
 * The service shape of a decision model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  readonly supportedQuestionTypes: ReadonlyArray<QuestionType>
  readonly decide: (options: DecisionCallOptions) => Effect.Effect<DecisionResult, DecisionError>
}

/**
 * The decision model service (the V4 `doDecide` contract).
 *
 * @since 0.1.0
 * @category services
 */
export class DecisionModel extends Context.Service<DecisionModel, Service>()("aimux/DecisionModel") {}

const decodeOptions = Schema.decodeUnknownEffect(DecisionCallOptions)

/**
 * Checks decision call options that come from outside the type system; a value that does not
 * decode fails with `InvalidPromptError`, never a defect.
 *
 * @since 0.1.0
 * @category validation
 */
export const validateCallOptions = (options: unknown): Effect.Effect<DecisionCallOptions, InvalidPromptError> =>
  decodeOptions(options).pipe(
    Effect.mapError((issue) =>
      new InvalidPromptError({
        prompt: options,
        message: `Invalid decision call options: ${issue.message}`,
        cause: issue
      })
    )
  )

/**
 * Builds a decision model service whose `decide` first checks its options and rejects question
 * types outside `supportedQuestionTypes` before calling the implementation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (impl: Omit<Service, "specificationVersion">): Service => {
  const supported = new Set<string>(impl.supportedQuestionTypes)
  const checkTypes = (options: DecisionCallOptions): Effect.Effect<DecisionCallOptions, DecisionUnsupportedQuestionTypeError> => {
    for (const [questionId, question] of Object.entries(options.questions)) {
      if (!supported.has(question.type)) {
        return Effect.fail(
          new DecisionUnsupportedQuestionTypeError({
            questionId,
            questionType: question.type,
            provider: impl.provider,
            modelId: impl.modelId
          })
        )
      }
    }
    return Effect.succeed(options)
  }
  return {
    specificationVersion: "v4",
    provider: impl.provider,
    modelId: impl.modelId,
    supportedQuestionTypes: impl.supportedQuestionTypes,
    decide: (options) =>
      validateCallOptions(options).pipe(
        Effect.flatMap(checkTypes),
        Effect.flatMap(impl.decide)
      )
  }
}
