/**
 * `NoSuchProviderError`: a provider registry has no provider with the requested id (upstream
 * `ai/src/registry/no-such-provider-error.ts`, a subclass of `NoSuchModelError`: an instance
 * carries both markers, so `NoSuchModelError.isInstance` accepts it too).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { ModelType } from "./NoSuchModelError.ts"

const name = "AI_NoSuchProviderError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoSuchProviderErrorOptions {
  readonly modelId: string
  readonly modelType: ModelType
  readonly providerId: string
  readonly availableProviders: ReadonlyArray<string>
  readonly message?: string | undefined
}

/**
 * No such provider; default message `No such provider: <id> (available providers: <a>,<b>)`.
 *
 * @since 0.1.0
 * @category errors
 */
export class NoSuchProviderError extends Schema.TaggedError<NoSuchProviderError>(name)("NoSuchProviderError", {
  message: Schema.String,
  modelId: Schema.String,
  modelType: ModelType,
  providerId: Schema.String,
  availableProviders: Schema.Array(Schema.String)
}) {
  constructor(options: NoSuchProviderErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ??
        `No such provider: ${options.providerId} (available providers: ${options.availableProviders.join()})`,
      modelId: options.modelId,
      modelType: options.modelType,
      providerId: options.providerId,
      availableProviders: options.availableProviders
    }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is UpstreamLike<NoSuchProviderError> {
    return hasMarker(u, marker)
  }
}
// Upstream's class extends NoSuchModelError: both markers.
markPrototype(NoSuchProviderError.prototype, "AI_NoSuchModelError")
markPrototype(NoSuchProviderError.prototype, name)

/**
 * What `NoSuchProviderError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoSuchProviderErrorLike = UpstreamLike<NoSuchProviderError>
