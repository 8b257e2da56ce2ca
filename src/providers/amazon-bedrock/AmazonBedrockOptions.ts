/**
 * Provider options Schemas (upstream
 * `amazon-bedrock-chat-language-model-options.ts` and
 * `amazon-bedrock-reasoning-metadata.ts`): read from
 * `providerOptions.amazonBedrock`, else the legacy `providerOptions.bedrock`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const optional = Schema.optionalKey

/**
 * Call-level options.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatOptions = Schema.Struct({
  structuredOutputMode: optional(Schema.Literals(["outputFormat", "jsonTool", "auto"])),
  additionalModelRequestFields: optional(Schema.Record(Schema.String, Schema.Unknown)),
  reasoningConfig: optional(Schema.Struct({
    type: optional(Schema.Literals(["enabled", "disabled", "adaptive"])),
    budgetTokens: optional(Schema.Number),
    maxReasoningEffort: optional(Schema.Literals(["low", "medium", "high", "xhigh", "max"])),
    display: optional(Schema.Literals(["omitted", "summarized"]))
  })),
  anthropicBeta: optional(Schema.Array(Schema.String)),
  serviceTier: optional(Schema.Literals(["reserved", "priority", "default", "flex"]))
})

/**
 * Call-level options.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatOptions = typeof ChatOptions.Type

/**
 * The `anthropic` options Bedrock reads for Anthropic models.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AnthropicOptions = Schema.Struct({
  disableParallelToolUse: optional(Schema.Boolean),
  structuredOutputMode: optional(Schema.Literals(["outputFormat", "jsonTool", "auto"]))
})

/**
 * File (document) part options.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FilePartOptions = Schema.Struct({
  citations: optional(Schema.Struct({ enabled: Schema.Boolean }))
})

/**
 * Text part options (guardrail content).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TextPartOptions = Schema.Struct({
  guardContent: optional(Schema.Boolean),
  guardContentQualifiers: optional(Schema.Array(Schema.Literals(["grounding_source", "query", "guard_content"])))
})

/**
 * Image part options (guardrail content).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImagePartOptions = Schema.Struct({
  guardContent: optional(Schema.Boolean)
})

/**
 * Reasoning metadata: what a reasoning part carries in its provider
 * metadata and is replayed from its provider options.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningMetadata = Schema.Struct({
  signature: optional(Schema.String),
  redactedData: optional(Schema.String),
  redactedContent: optional(Schema.String)
})

/**
 * Reasoning metadata.
 *
 * @since 0.1.0
 * @category models
 */
export type ReasoningMetadata = typeof ReasoningMetadata.Type
