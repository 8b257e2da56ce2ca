/**
 * `NoContentGeneratedError`: the provider generated no content.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoContentGeneratedError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoContentGeneratedErrorOptions {
  readonly message?: string | undefined
}

/**
 * The provider failed to generate any content (default message `No content generated.`).
 *
 * @since 0.1.0
 * @category errors
 */
export class NoContentGeneratedError extends UpstreamError<NoContentGeneratedError>(name)(
  "NoContentGeneratedError",
  { message: Schema.String }
) {
  constructor(options: NoContentGeneratedErrorOptions = {}, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message ?? "No content generated." }), makeOptions)
  }
}

/**
 * What `NoContentGeneratedError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoContentGeneratedErrorLike = UpstreamLike<NoContentGeneratedError>
