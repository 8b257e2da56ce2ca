/**
 * The LanguageModel shape shown in docs/contract.md, checked against the real service types: the
 * doc's interfaces must be mutually assignable with `LanguageModel.Service` / `StreamResponse`.
 */
import type * as LanguageModel from "../../src/LanguageModel.ts"

import type { Effect } from "effect/Effect"
import type { Stream } from "effect/Stream"
import type { CallOptions } from "../../src/spec/CallOptions.ts"
import type { ModelError } from "../../src/spec/errors/index.ts"
import type { Headers } from "../../src/spec/ProviderMetadata.ts"
import type { GenerateResult, RequestInfo } from "../../src/spec/Results.ts"
import type { StreamPart } from "../../src/spec/StreamPart.ts"

interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  readonly supportedUrls: Effect<Readonly<Record<string, ReadonlyArray<RegExp>>>>
  readonly generate: (options: CallOptions) => Effect<GenerateResult, ModelError>
  readonly stream: (options: CallOptions) => Effect<StreamResponse, ModelError>
}
interface StreamResponse {
  readonly request?: RequestInfo | undefined
  readonly response?: { readonly headers?: Headers | undefined } | undefined
  readonly stream: Stream<StreamPart, ModelError>
}

type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const serviceMatches: Equals<Service, LanguageModel.Service> = true
export const streamResponseMatches: Equals<StreamResponse, LanguageModel.StreamResponse> = true
