/**
 * Anthropic provider options (`providerOptions.anthropic`) for calls, file
 * parts and system messages, as Schemas (upstream
 * `anthropic-language-model-options.ts`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullishKey } from "../../../contract/Fields.ts"

const opt = Schema.optionalKey
const Effort = Schema.Literals(["low", "medium", "high", "xhigh", "max"])
const BlockBinding = Schema.Struct({ prefixMismatchBehavior: Schema.Literals(["error", "drop_block"]) })

/**
 * File part options: citations, document title/context, container upload.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FilePartOptions = Schema.Struct({
  containerUpload: opt(Schema.Boolean),
  citations: opt(Schema.Struct({ enabled: Schema.Boolean })),
  title: opt(Schema.String),
  context: opt(Schema.String)
})

/**
 * System message options (mid-conversation controls).
 *
 * @since 0.1.0
 * @category schemas
 */
export const SystemMessageOptions = Schema.Struct({
  clearAt: opt(Schema.Literal("next_user_message")),
  effort: opt(Effort),
  toolChanges: opt(Schema.Array(Schema.Unknown))
})

/**
 * Thinking configuration.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Thinking = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("adaptive"),
    display: opt(Schema.Literals(["omitted", "summarized", "updates"])),
    blockBinding: opt(BlockBinding)
  }),
  Schema.Struct({ type: Schema.Literal("enabled"), budgetTokens: opt(Schema.Number) }),
  Schema.Struct({ type: Schema.Literal("disabled") }),
  Schema.Struct({ type: Schema.Literal("between_tools") }),
  Schema.Struct({ type: opt(Schema.Undefined), blockBinding: BlockBinding })
])

/**
 * Thinking configuration.
 *
 * @since 0.1.0
 * @category models
 */
export type Thinking = typeof Thinking.Type

const ClearToolUses = Schema.Struct({
  type: Schema.Literal("clear_tool_uses_20250919"),
  trigger: opt(Schema.Union([
    Schema.Struct({ type: Schema.Literal("input_tokens"), value: Schema.Number }),
    Schema.Struct({ type: Schema.Literal("tool_uses"), value: Schema.Number })
  ])),
  keep: opt(Schema.Struct({ type: Schema.Literal("tool_uses"), value: Schema.Number })),
  clearAtLeast: opt(Schema.Struct({ type: Schema.Literal("input_tokens"), value: Schema.Number })),
  clearToolInputs: opt(Schema.Boolean),
  excludeTools: opt(Schema.Array(Schema.String))
})
const ClearThinking = Schema.Struct({
  type: Schema.Literal("clear_thinking_20251015"),
  keep: opt(Schema.Union([
    Schema.Literal("all"),
    Schema.Struct({ type: Schema.Literal("thinking_turns"), value: Schema.Number })
  ]))
})
const Compact = Schema.Struct({
  type: Schema.Literal("compact_20260112"),
  trigger: opt(Schema.Struct({ type: Schema.Literal("input_tokens"), value: Schema.Number })),
  pauseAfterCompaction: opt(Schema.Boolean),
  instructions: opt(Schema.String)
})

const Int = Schema.Number.check(Schema.isInt())

/**
 * Call options of the Anthropic messages model.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LanguageModelOptions = Schema.Struct({
  thread: opt(Schema.Union([
    Schema.Struct({ type: Schema.Literal("create") }),
    Schema.Struct({ type: Schema.Literal("continue"), previousMessageId: Schema.String.check(Schema.isMinLength(1)) })
  ])),
  sendReasoning: opt(Schema.Boolean),
  structuredOutputMode: opt(Schema.Literals(["outputFormat", "jsonTool", "auto"])),
  includePings: opt(Schema.Boolean),
  thinking: opt(Thinking),
  disableParallelToolUse: opt(Schema.Boolean),
  cacheControl: opt(Schema.Struct({
    type: Schema.Literal("ephemeral"),
    ttl: opt(Schema.Literals(["5m", "1h"]))
  })),
  metadata: opt(Schema.Struct({ userId: opt(Schema.String) })),
  mcpServers: opt(Schema.Array(Schema.Struct({
    type: Schema.Literal("url"),
    name: Schema.String,
    url: Schema.String,
    authorizationToken: nullishKey(Schema.String),
    toolConfiguration: nullishKey(Schema.Struct({
      enabled: nullishKey(Schema.Boolean),
      allowedTools: nullishKey(Schema.Array(Schema.String))
    }))
  }))),
  container: opt(Schema.Struct({
    id: opt(Schema.String),
    skills: opt(Schema.Array(Schema.Union([
      Schema.Struct({ type: Schema.Literal("anthropic"), skillId: Schema.String, version: opt(Schema.String) }),
      Schema.Struct({
        type: Schema.Literal("custom"),
        providerReference: Schema.Record(Schema.String, Schema.String),
        version: opt(Schema.String)
      })
    ])))
  })),
  toolStreaming: opt(Schema.Boolean),
  effort: opt(Effort),
  taskBudget: opt(Schema.Struct({
    type: Schema.Literal("tokens"),
    total: Int.check(Schema.isGreaterThanOrEqualTo(20000)),
    remaining: opt(Int.check(Schema.isGreaterThanOrEqualTo(0)))
  })),
  speed: opt(Schema.Literals(["fast", "standard"])),
  serviceTier: opt(Schema.Literals(["auto", "standard_only", "standard", "priority"])),
  inferenceGeo: opt(Schema.Literals(["us", "global"])),
  fallbacks: opt(Schema.Union([
    Schema.Literal("default"),
    Schema.Array(Schema.Struct({
      model: Schema.String,
      max_tokens: opt(Int),
      thinking: opt(Schema.Record(Schema.String, Schema.Json)),
      output_config: opt(Schema.Record(Schema.String, Schema.Json)),
      speed: opt(Schema.Literals(["fast", "standard"]))
    }))
  ])),
  anthropicBeta: opt(Schema.Array(Schema.String)),
  safeguards: opt(Schema.Array(Schema.Struct({
    type: Schema.Literal("dangerous_tool_use"),
    classifierContext: opt(Schema.Record(Schema.String, Schema.Json))
  }))),
  compaction: opt(Schema.Struct({ type: Schema.Literal("summarize"), instructions: opt(Schema.String) })),
  contextManagement: opt(Schema.Struct({ edits: Schema.Array(Schema.Union([ClearToolUses, ClearThinking, Compact])) }))
})

/**
 * Call options of the Anthropic messages model.
 *
 * @since 0.1.0
 * @category models
 */
export type LanguageModelOptions = typeof LanguageModelOptions.Type
