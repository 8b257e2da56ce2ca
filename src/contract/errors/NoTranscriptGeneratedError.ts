/**
 * `NoTranscriptGeneratedError`: `transcribe` produced no transcript.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { UpstreamLike } from "./internal/marker.ts"
import { MediaResponse } from "./internal/MediaResponse.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoTranscriptGeneratedError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoTranscriptGeneratedErrorOptions {
  readonly responses: ReadonlyArray<MediaResponse>
}

/**
 * No transcript was generated (message `No transcript generated.`).
 *
 * @since 0.1.0
 * @category errors
 */
export class NoTranscriptGeneratedError extends UpstreamError<NoTranscriptGeneratedError>(name)(
  "NoTranscriptGeneratedError",
  { message: Schema.String, responses: Schema.Array(MediaResponse) }
) {
  constructor(options: NoTranscriptGeneratedErrorOptions, makeOptions?: Schema.MakeOptions) {
    super({ message: "No transcript generated.", responses: options.responses }, makeOptions)
  }
}

/**
 * What `NoTranscriptGeneratedError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoTranscriptGeneratedErrorLike = UpstreamLike<NoTranscriptGeneratedError>
