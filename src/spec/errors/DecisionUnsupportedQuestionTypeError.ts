/**
 * `DecisionUnsupportedQuestionTypeError`: a decision model does not support
 * a question's type (upstream: `Experimental_DecisionUnsupportedQuestionTypeError`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_DecisionUnsupportedQuestionTypeError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 */
export interface DecisionUnsupportedQuestionTypeErrorOptions {
  readonly questionId: string
  readonly questionType: string
  readonly provider: string
  readonly modelId: string
  readonly message?: string | undefined
}

/**
 * A question type is not supported by the decision model; message as upstream.
 *
 * @since 0.1.0
 */
export class DecisionUnsupportedQuestionTypeError
  extends Schema.TaggedError<DecisionUnsupportedQuestionTypeError>(name)("DecisionUnsupportedQuestionTypeError", {
    message: Schema.String,
    questionId: Schema.String,
    questionType: Schema.String,
    provider: Schema.String,
    modelId: Schema.String
  })
{
  constructor(options: DecisionUnsupportedQuestionTypeErrorOptions, makeOptions?: Schema.MakeOptions) {
    const { modelId, provider, questionId, questionType } = options
    super(omitUndefined({
      message: options.message ??
        `Question "${questionId}" has type "${questionType}", which is not supported by provider "${provider}" and model "${modelId}".`,
      questionId,
      questionType,
      provider,
      modelId
    }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is DecisionUnsupportedQuestionTypeErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(DecisionUnsupportedQuestionTypeError.prototype, name)

/**
 * What `DecisionUnsupportedQuestionTypeError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type DecisionUnsupportedQuestionTypeErrorLike = UpstreamLike<DecisionUnsupportedQuestionTypeError>
