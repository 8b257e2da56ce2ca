/**
 * `NoImageGeneratedError`: `generateImage` produced no image.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { MediaResponse } from "./internal/MediaResponse.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoImageGeneratedError"

/**
 * Constructor options, named as upstream's (`calls` are the per-call results, `responses` their
 * response metadata).
 *
 * @since 0.1.0
 * @category models
 */
export interface NoImageGeneratedErrorOptions {
  readonly message?: string | undefined
  readonly cause?: unknown
  readonly calls?: ReadonlyArray<unknown> | undefined
  readonly responses?: ReadonlyArray<MediaResponse> | undefined
}

/**
 * No image could be generated (default message `No image generated.`).
 *
 * @since 0.1.0
 * @category errors
 */
export class NoImageGeneratedError extends UpstreamError<NoImageGeneratedError>(name)(
  "NoImageGeneratedError",
  {
    message: Schema.String,
    cause: Schema.optional(Schema.Defect()),
    calls: Schema.optional(Schema.Array(Schema.Defect())),
    responses: Schema.optional(Schema.Array(MediaResponse))
  }
) {
  constructor(options: NoImageGeneratedErrorOptions = {}, makeOptions?: Schema.MakeOptions) {
    super(
      omitUndefined({
        message: options.message ?? "No image generated.",
        cause: options.cause,
        calls: options.calls,
        responses: options.responses
      }),
      makeOptions
    )
  }
}

/**
 * What `NoImageGeneratedError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoImageGeneratedErrorLike = UpstreamLike<NoImageGeneratedError>
