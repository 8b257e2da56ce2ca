/**
 * `DecisionRefusalError`: a decision model declined to answer questions
 * (upstream exports it as `Experimental_DecisionRefusalError`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_DecisionRefusalError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface DecisionRefusalErrorOptions {
  readonly questionIds: ReadonlyArray<string>
  readonly provider: string
  readonly modelId: string
  readonly message?: string | undefined
}

/**
 * A decision model refused one or more questions; message as upstream.
 *
 * @since 0.1.0
 * @category errors
 */
export class DecisionRefusalError extends UpstreamError<DecisionRefusalError>(name)("DecisionRefusalError", {
  message: Schema.String,
  questionIds: Schema.Array(Schema.String),
  provider: Schema.String,
  modelId: Schema.String
}) {
  constructor(options: DecisionRefusalErrorOptions, makeOptions?: Schema.MakeOptions) {
    const { modelId, provider, questionIds } = options
    super(omitUndefined({
      message: options.message ??
        `Decision model "${modelId}" from provider "${provider}" refused ${
          questionIds.length === 1 ? "question" : "questions"
        } ${questionIds.map((id) => JSON.stringify(id)).join(", ")}.`,
      questionIds,
      provider,
      modelId
    }), makeOptions)
  }
}

/**
 * What `DecisionRefusalError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type DecisionRefusalErrorLike = UpstreamLike<DecisionRefusalError>
