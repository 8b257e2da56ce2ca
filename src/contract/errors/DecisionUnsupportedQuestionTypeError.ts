/**
 * `DecisionUnsupportedQuestionTypeError`: a decision model does not support
 * a question's type (upstream: `Experimental_DecisionUnsupportedQuestionTypeError`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_DecisionUnsupportedQuestionTypeError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
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
 * @category errors
 */
export class DecisionUnsupportedQuestionTypeError
  extends UpstreamError<DecisionUnsupportedQuestionTypeError>(name)("DecisionUnsupportedQuestionTypeError", {
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
}

/**
 * What `DecisionUnsupportedQuestionTypeError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type DecisionUnsupportedQuestionTypeErrorLike = UpstreamLike<DecisionUnsupportedQuestionTypeError>
