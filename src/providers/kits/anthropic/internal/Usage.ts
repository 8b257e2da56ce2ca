/**
 * Converts Anthropic usage (with cache and iteration breakdowns) to V4 usage
 * (upstream `convert-anthropic-usage.ts`).
 *
 * @since 0.1.0
 */
import type { JsonObject } from "../../../../contract/Json.ts"
import type { Usage } from "../../../../contract/Usage.ts"
import type { Iteration } from "../AnthropicApi.ts"

/**
 * The usage counters the model implementation tracks.
 *
 * @since 0.1.0
 */
export interface AnthropicUsage {
  input_tokens: number
  output_tokens: number
  output_tokens_details?: { readonly thinking_tokens?: number | null | undefined } | null | undefined
  cache_creation_input_tokens?: number | null | undefined
  cache_read_input_tokens?: number | null | undefined
  iterations?: ReadonlyArray<Iteration> | null | undefined
}

/**
 * V4 usage of an Anthropic usage record: input totals include cache reads
 * and writes; with executor iterations (compaction) the iteration sums are the
 * totals, unless a fallback model served the turn.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: AnthropicUsage, rawUsage: JsonObject): Usage => {
  const cacheCreationTokens = usage.cache_creation_input_tokens ?? 0
  const cacheReadTokens = usage.cache_read_input_tokens ?? 0
  const reasoningTokens = usage.output_tokens_details?.thinking_tokens ?? undefined
  let inputTokens = usage.input_tokens
  let outputTokens = usage.output_tokens
  const iterations = usage.iterations
  const servedByFallback = iterations?.some((iter) => iter.type === "fallback_message") ?? false
  if (iterations != null && iterations.length > 0 && !servedByFallback) {
    const executor = iterations.filter((iter) => iter.type === "compaction" || iter.type === "message")
    if (executor.length > 0) {
      inputTokens = 0
      outputTokens = 0
      for (const iter of executor) {
        inputTokens += iter.input_tokens
        outputTokens += iter.output_tokens
      }
    }
  }
  return {
    inputTokens: {
      total: inputTokens + cacheCreationTokens + cacheReadTokens,
      noCache: inputTokens,
      cacheRead: cacheReadTokens,
      cacheWrite: cacheCreationTokens
    },
    outputTokens: {
      total: outputTokens,
      text: reasoningTokens == null ? undefined : outputTokens - reasoningTokens,
      reasoning: reasoningTokens
    },
    raw: rawUsage
  }
}

/**
 * The `iterations` entry of Anthropic provider metadata.
 *
 * @since 0.1.0
 */
export const mapIterations = (iterations: ReadonlyArray<Iteration> | null | undefined): Array<JsonObject> | null =>
  iterations
    ? iterations.map((iter) => ({
      type: iter.type,
      ...(iter.model != null ? { model: iter.model } : {}),
      inputTokens: iter.input_tokens,
      outputTokens: iter.output_tokens,
      ...(iter.cache_creation_input_tokens ? { cacheCreationInputTokens: iter.cache_creation_input_tokens } : {}),
      ...(iter.cache_read_input_tokens ? { cacheReadInputTokens: iter.cache_read_input_tokens } : {})
    }))
    : null
