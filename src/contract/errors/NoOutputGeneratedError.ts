/**
 * `NoOutputGeneratedError`: a generation produced no output (e.g. because
 * of errors).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoOutputGeneratedError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoOutputGeneratedErrorOptions {
  readonly message?: string | undefined
  readonly cause?: unknown
}

/**
 * No LLM output was generated (default message `No output generated.`).
 *
 * @since 0.1.0
 * @category errors
 */
export class NoOutputGeneratedError extends UpstreamError<NoOutputGeneratedError>(name)(
  "NoOutputGeneratedError",
  { message: Schema.String, cause: Schema.optional(Schema.Defect()) }
) {
  constructor(options: NoOutputGeneratedErrorOptions = {}, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message ?? "No output generated.", cause: options.cause }), makeOptions)
  }
}

/**
 * What `NoOutputGeneratedError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoOutputGeneratedErrorLike = UpstreamLike<NoOutputGeneratedError>
