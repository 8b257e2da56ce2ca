/**
 * The V4 model contract as an Effect service.
 *
 * Shape, and why:
 * - `generate(options)` is an `Effect` of the V4 `GenerateResult`; failures are typed `ModelError`s.
 * - `stream(options)` is an `Effect` that yields a {@link StreamResponse}: the request/response
 *   metadata known when the HTTP response starts, and the `Stream` of V4 parts. Failures that
 *   happen before the stream exists (HTTP status, transport, a provider's "error before any
 *   output" rule, bad call options) fail the Effect, so callers (retry policies, fallbacks) can act
 *   on them before any part was seen; failures after the start are in the Stream's error channel,
 *   and in-stream provider errors are `error` parts, as upstream.
 * - There is no `abortSignal`: cancelling is interrupting the fiber that runs the Effect or
 *   consumes the Stream; providers tie the HTTP request to it.
 * - `supportedUrls` is an Effect because upstream allows a promise there.
 *
 * A provider is a `Layer` that provides this service.
 *
 * @since 0.1.0
 */
import { Context, Effect, Schema } from "effect"
import type * as Stream from "effect/Stream"
import { CallOptions } from "./contract/CallOptions.ts"
import type { ModelError } from "./contract/errors/index.ts"
import { InvalidPromptError } from "./contract/errors/index.ts"
import type { Headers } from "./contract/ProviderMetadata.ts"
import type { GenerateResult, RequestInfo } from "./contract/Results.ts"
import type { StreamPart } from "./contract/StreamPart.ts"

/**
 * What `stream` yields once the response has started.
 *
 * @since 0.1.0
 * @category models
 */
export interface StreamResponse {
  readonly request?: RequestInfo | undefined
  readonly response?: { readonly headers?: Headers | undefined } | undefined
  readonly stream: Stream.Stream<StreamPart, ModelError>
}

/**
 * URL patterns per media type pattern that the model accepts directly (matched URLs are not downloaded).
 *
 * @since 0.1.0
 * @category models
 */
export type SupportedUrls = Readonly<Record<string, ReadonlyArray<RegExp>>>

/**
 * The service shape of a language model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  readonly supportedUrls: Effect.Effect<SupportedUrls>
  readonly generate: (options: CallOptions) => Effect.Effect<GenerateResult, ModelError>
  readonly stream: (options: CallOptions) => Effect.Effect<StreamResponse, ModelError>
}

/**
 * The language model service (the V4 `doGenerate` / `doStream` contract).
 *
 * @since 0.1.0
 * @category services
 */
export class LanguageModel extends Context.Service<LanguageModel, Service>()("aimux/LanguageModel") {}

const decodeCallOptions = Schema.decodeUnknownEffect(CallOptions)

/**
 * Checks call options that come from outside the type system (JSON, user input) against the
 * contract; a value that does not decode fails with `InvalidPromptError`, never a defect.
 *
 * @since 0.1.0
 * @category validation
 */
export const validateCallOptions = (options: unknown): Effect.Effect<CallOptions, InvalidPromptError> =>
  decodeCallOptions(options).pipe(
    Effect.mapError((issue) =>
      new InvalidPromptError({
        prompt: options,
        message: `Invalid call options: ${issue.message}`,
        cause: issue
      })
    )
  )

/**
 * Builds a model service whose `generate` and `stream` first check their options with
 * {@link validateCallOptions}, so a provider implementation only sees well-formed options.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (impl: Omit<Service, "specificationVersion" | "supportedUrls"> & {
  readonly supportedUrls?: Effect.Effect<SupportedUrls> | SupportedUrls
}): Service => {
  const supportedUrls = impl.supportedUrls === undefined
    ? Effect.succeed({})
    : Effect.isEffect(impl.supportedUrls)
    ? impl.supportedUrls
    : Effect.succeed(impl.supportedUrls)
  return {
    specificationVersion: "v4",
    provider: impl.provider,
    modelId: impl.modelId,
    supportedUrls,
    generate: (options) => Effect.flatMap(validateCallOptions(options), impl.generate),
    stream: (options) => Effect.flatMap(validateCallOptions(options), impl.stream)
  }
}
