/**
 * `NoSuchProviderReferenceError`: a file reference has no id for the provider
 * that needs it.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoSuchProviderReferenceError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoSuchProviderReferenceErrorOptions {
  readonly provider: string
  readonly reference: Readonly<Record<string, string>>
  readonly message?: string | undefined
}

/**
 * A provider reference cannot be resolved; default message
 * `No provider reference found for provider '<provider>'. Available providers: <keys>`.
 *
 * @since 0.1.0
 * @category errors
 */
export class NoSuchProviderReferenceError extends UpstreamError<NoSuchProviderReferenceError>(name)(
  "NoSuchProviderReferenceError",
  { message: Schema.String, provider: Schema.String, reference: Schema.Record(Schema.String, Schema.String) }
) {
  constructor(options: NoSuchProviderReferenceErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ??
        `No provider reference found for provider '${options.provider}'. Available providers: ${
          Object.keys(options.reference).join(", ")
        }`,
      provider: options.provider,
      reference: options.reference
    }), makeOptions)
  }
}

/**
 * What `NoSuchProviderReferenceError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoSuchProviderReferenceErrorLike = UpstreamLike<NoSuchProviderReferenceError>
