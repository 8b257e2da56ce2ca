/**
 * The OpenAI models' behaviours that differ between the `@ai-sdk/openai` versions aimux's
 * providers follow: the OpenAI provider ports 4.0.118, Azure's pinned `@ai-sdk/azure` 4.0.85
 * bundles 4.0.81. A model's `Config.skew` picks one; the kit has one code path per flag, not a
 * copy of the model per version (docs/divergences.md, "Azure: upstream version skew").
 *
 * @since 0.1.0
 */
import type { UnifiedFinishReason } from "../../../contract/FinishReason.ts"

/**
 * What differs between the ported `@ai-sdk/openai` versions.
 *
 * @since 0.1.0
 * @category models
 */
export interface VersionSkew {
  /** The `@ai-sdk/openai` version these flags describe. */
  readonly version: string
  /** The unified finish reason of a stream that ends cleanly without a finish event. */
  readonly unfinishedStream: UnifiedFinishReason
  /** Whether the chat model's generate and stream results carry `request.url` (4.0.118) or only the body. */
  readonly chatRequestUrl: boolean
  /** Whether refusals are text (chat `refusal` deltas, Responses `refusal` parts) and turn `stop` into `content-filter`. */
  readonly refusals: boolean
  /** The chat stream's logprobs: every chunk's content and refusal logprobs, or the last chunk's content logprobs. */
  readonly chatStreamLogprobs: "accumulated" | "last-chunk"
  /**
   * Responses sources from retrieval (web search action sources, file search results) with citation
   * annotations as a fallback at the end and `citations` on the text (4.0.118), or every annotation as
   * a source when it arrives (4.0.81); a web search call that did not complete is an error result.
   */
  readonly retrievalSources: boolean
  /** Whether the Responses metadata carries `promptCacheDiagnostics`. */
  readonly promptCacheDiagnostics: boolean
  /** Whether tool inputs carry 4.0.118's details: `inputEncoding` of custom tools, shell `timeoutMs` / `maxOutputLength`. */
  readonly toolInputDetails: boolean
  /**
   * The chat model's request rules: 4.0.118's (`providerOptions.azure` merged over `openai` for Azure, a
   * `reasoningSummary` warning, the model catalog with portable reasoning-effort mapping) or 4.0.81's
   * (`openai` only, `getOpenAILanguageModelCapabilities`, an effort the model lacks dropped with a warning).
   */
  readonly chatOptions118: boolean
  /** Whether the embedding model sends the call's `dimensions` (4.0.81: only `providerOptions.openai.dimensions`). */
  readonly embeddingCallDimensions: boolean
  /**
   * The transcription request and result: 4.0.118's (response format and timestamp granularities of
   * the model catalog; words, usage, languages) or 4.0.81's (`verbose_json` for whisper-1, the
   * provider options' fields only when given; text, segments, language, duration, diarized segments).
   */
  readonly transcription: "4.0.118" | "4.0.81"
}

/**
 * `@ai-sdk/openai` 4.0.118 (the OpenAI provider): a stream without a finish event ends `interrupted`.
 *
 * @since 0.1.0
 * @category constants
 */
export const v4_0_118: VersionSkew = {
  version: "4.0.118",
  unfinishedStream: "interrupted",
  chatRequestUrl: true,
  refusals: true,
  chatStreamLogprobs: "accumulated",
  retrievalSources: true,
  promptCacheDiagnostics: true,
  toolInputDetails: true,
  chatOptions118: true,
  embeddingCallDimensions: true,
  transcription: "4.0.118"
}

/**
 * `@ai-sdk/openai` 4.0.81 (bundled by `@ai-sdk/azure` 4.0.85): a stream without a finish event ends `other`.
 *
 * @since 0.1.0
 * @category constants
 */
export const v4_0_81: VersionSkew = {
  version: "4.0.81",
  unfinishedStream: "other",
  chatRequestUrl: false,
  refusals: false,
  chatStreamLogprobs: "last-chunk",
  retrievalSources: false,
  promptCacheDiagnostics: false,
  toolInputDetails: false,
  chatOptions118: false,
  embeddingCallDimensions: false,
  transcription: "4.0.81"
}
