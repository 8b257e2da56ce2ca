/**
 * `AISDKError`: the base marker shared by every AI SDK error.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { baseMarker, hasMarker, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface AISDKErrorOptions {
  readonly name: string
  readonly message: string
  readonly cause?: unknown
}

/**
 * A generic AI SDK error with a caller-chosen `name` (upstream's base class,
 * usable directly). It carries only the base marker.
 *
 * @since 0.1.0
 * @category errors
 */
export class AISDKError extends Schema.TaggedError<AISDKError>("AI_SDKError")("AISDKError", {
  name: Schema.String,
  message: Schema.String,
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: AISDKErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ name: options.name, message: options.message, cause: options.cause }), makeOptions)
  }

  /**
   * True for any AI SDK error, aimux or upstream (base marker check).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is AISDKErrorLike {
    return hasMarker(u, baseMarker)
  }
}
Object.defineProperty(AISDKError.prototype, Symbol.for(baseMarker), { value: true, enumerable: false })

/**
 * What every AI SDK error looks like from outside: an `Error` with an
 * upstream `name` (`AI_...`), a `message` and an optional `cause`.
 *
 * @since 0.1.0
 * @category models
 */
export type AISDKErrorLike = UpstreamLike<AISDKError>

/**
 * True for any AI SDK error, aimux or upstream (base marker check).
 *
 * @since 0.1.0
 * @category guards
 */
export const isAISDKError = (u: unknown): u is AISDKErrorLike => hasMarker(u, baseMarker)
