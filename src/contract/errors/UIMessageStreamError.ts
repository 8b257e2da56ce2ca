/**
 * `UIMessageStreamError`: a UI message stream holds an invalid or out-of-sequence chunk (a delta
 * or end without its start, a tool chunk for an unknown tool call).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_UIMessageStreamError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface UIMessageStreamErrorOptions {
  readonly chunkType: string
  readonly chunkId: string
  readonly message: string
}

/**
 * A chunk the UI message state cannot apply (upstream `UIMessageStreamError`).
 *
 * @since 0.1.0
 * @category errors
 */
export class UIMessageStreamError extends UpstreamError<UIMessageStreamError>(name)("UIMessageStreamError", {
  message: Schema.String,
  chunkType: Schema.String,
  chunkId: Schema.String
}) {
  constructor(options: UIMessageStreamErrorOptions, makeOptions?: Schema.MakeOptions) {
    super({ message: options.message, chunkType: options.chunkType, chunkId: options.chunkId }, makeOptions)
  }
}

/**
 * What `UIMessageStreamError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type UIMessageStreamErrorLike = UpstreamLike<UIMessageStreamError>
