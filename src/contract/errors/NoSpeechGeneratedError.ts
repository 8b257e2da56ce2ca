/**
 * `NoSpeechGeneratedError`: `generateSpeech` produced no audio.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { MediaResponse } from "./internal/MediaResponse.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoSpeechGeneratedError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoSpeechGeneratedErrorOptions {
  readonly responses: ReadonlyArray<MediaResponse>
  readonly cause?: unknown
}

/**
 * No speech audio was generated (message `No speech audio generated.`).
 *
 * @since 0.1.0
 * @category errors
 */
export class NoSpeechGeneratedError extends UpstreamError<NoSpeechGeneratedError>(name)(
  "NoSpeechGeneratedError",
  {
    message: Schema.String,
    cause: Schema.optional(Schema.Defect()),
    responses: Schema.Array(MediaResponse)
  }
) {
  constructor(options: NoSpeechGeneratedErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(
      omitUndefined({ message: "No speech audio generated.", cause: options.cause, responses: options.responses }),
      makeOptions
    )
  }
}

/**
 * What `NoSpeechGeneratedError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoSpeechGeneratedErrorLike = UpstreamLike<NoSpeechGeneratedError>
