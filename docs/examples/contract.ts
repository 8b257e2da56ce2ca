/**
 * The LanguageModel shape shown in docs/contract.md, checked against the real service types: the
 * doc's interfaces must be mutually assignable with `LanguageModel.Service` / `StreamResponse`.
 */
import type { LanguageModel } from "aimux"

import type { Effect } from "effect/Effect"
import type { Stream } from "effect/Stream"
import type { CallOptions, Errors, ProviderMetadata, Results, StreamPart } from "aimux"

interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  readonly supportedUrls: Effect<Readonly<Record<string, ReadonlyArray<RegExp>>>>
  readonly generate: (options: CallOptions.CallOptions) => Effect<Results.GenerateResult, Errors.ModelError>
  readonly stream: (options: CallOptions.CallOptions) => Effect<StreamResponse, Errors.ModelError>
}
interface StreamResponse {
  readonly request?: Results.RequestInfo | undefined
  readonly response?: { readonly headers?: ProviderMetadata.Headers | undefined } | undefined
  readonly stream: Stream<StreamPart.StreamPart, Errors.ModelError>
}

type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const serviceMatches: Equals<Service, LanguageModel.Service> = true
export const streamResponseMatches: Equals<StreamResponse, LanguageModel.StreamResponse> = true
