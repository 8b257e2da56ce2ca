/**
 * Provider options of the OpenAI Responses model (upstream
 * `openai-responses-language-model-options.ts`): call options under
 * `providerOptions.openai`, system-message and tool-result options.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { JsonValue, UnknownRecord } from "../../../../contract/Json.ts"
import { nullish } from "../../../../contract/Fields.ts"

const opt = <S extends Schema.Top>(schema: S) => Schema.optional(schema)
const Str = Schema.String

/**
 * The most top log probabilities upstream requests (`logprobs: true`).
 *
 * @since 0.1.0
 * @category constants
 */
export const TOP_LOGPROBS_MAX = 20

/**
 * A text format (`textFormat`, `textFormatUpdate`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TextFormat = Schema.Union([
  Schema.Struct({ type: Schema.Literal("text") }),
  Schema.Struct({
    type: Schema.Literal("json_schema"),
    name: Str.check(Schema.isMinLength(1), Schema.isMaxLength(64), Schema.isPattern(/^[a-zA-Z0-9_-]+$/)),
    schema: UnknownRecord,
    description: opt(Str),
    strict: opt(Schema.Boolean)
  })
])

/**
 * @since 0.1.0
 * @category models
 */
export type TextFormat = typeof TextFormat.Type

const Effort = Schema.Literals(["none", "low", "medium", "high", "xhigh", "max"])

const between = (min: number, max: number) =>
  Schema.makeFilter((n: number) => (n >= min && n <= max) || `expected a number between ${min} and ${max}`)

/**
 * `providerOptions.openai` of a Responses call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponsesOptions = Schema.Struct({
  conversation: nullish(Str),
  include: nullish(Schema.Array(Schema.Literals([
    "reasoning.encrypted_content",
    "file_search_call.results",
    "web_search_call.results",
    "message.output_text.logprobs"
  ]))),
  includeWebSearchSources: opt(Schema.Boolean),
  instructions: nullish(Str),
  logprobs: opt(Schema.Union([Schema.Boolean, Schema.Number.check(between(1, TOP_LOGPROBS_MAX))])),
  maxToolCalls: nullish(Schema.Number),
  metadata: Schema.optional(Schema.Unknown),
  parallelToolCalls: nullish(Schema.Boolean),
  previousResponseId: nullish(Str),
  promptCacheKey: nullish(Str),
  promptCacheOptions: opt(Schema.Struct({
    mode: opt(Schema.Literals(["implicit", "explicit"])),
    ttl: opt(Schema.Literals(["30m", "12h"])),
    prewarm: opt(Schema.Boolean),
    comparisonResponseId: opt(Str)
  })),
  promptCacheRetention: nullish(Schema.Literals(["in_memory", "24h"])),
  reasoningEffort: nullish(Str),
  reasoningEffortUpdate: opt(Effort),
  reasoningMode: opt(Schema.Literals(["standard", "pro"])),
  reasoningContext: opt(Schema.Literals(["auto", "current_turn", "all_turns"])),
  reasoningSummary: nullish(Str),
  safetyIdentifier: nullish(Str),
  serviceTier: nullish(Schema.Literals(["auto", "flex", "priority", "fast", "ultrafast", "default"])),
  store: nullish(Schema.Boolean),
  passThroughUnsupportedFiles: opt(Schema.Boolean),
  strictJsonSchema: nullish(Schema.Boolean),
  textVerbosity: nullish(Schema.Literals(["low", "medium", "high"])),
  textFormat: opt(TextFormat),
  truncation: nullish(Schema.Literals(["auto", "disabled"])),
  user: nullish(Str),
  systemMessageMode: opt(Schema.Literals(["system", "developer", "remove"])),
  forceReasoning: opt(Schema.Boolean),
  contextManagement: nullish(Schema.Array(Schema.Struct({
    type: Schema.Literal("compaction"),
    compactThreshold: Schema.Number
  }))),
  compactionTrigger: opt(Schema.Boolean),
  allowedTools: opt(Schema.Struct({
    toolNames: Schema.Array(Str).check(Schema.isMinLength(1)),
    mode: opt(Schema.Literals(["auto", "required"]))
  }))
})

/**
 * @since 0.1.0
 * @category models
 */
export type ResponsesOptions = typeof ResponsesOptions.Type

const FunctionToolDefinition = Schema.Struct({
  type: Schema.Literal("function"),
  name: Str.check(Schema.isMinLength(1)),
  description: opt(Str),
  parameters: Schema.Record(Str, JsonValue),
  strict: opt(Schema.Boolean),
  defer_loading: opt(Schema.Boolean)
})

/**
 * A tool added to the conversation by a system message or tool result
 * (`additionalTools`). Upstream's definitions are strict objects; these strip
 * unknown keys (docs/divergences.md).
 *
 * @since 0.1.0
 * @category schemas
 */
export const AdditionalTool = Schema.Union([
  FunctionToolDefinition,
  Schema.Struct({
    type: Schema.Literal("custom"),
    name: Str.check(Schema.isMinLength(1)),
    description: opt(Str),
    format: opt(Schema.Union([
      Schema.Struct({ type: Schema.Literal("text") }),
      Schema.Struct({
        type: Schema.Literal("grammar"),
        syntax: Schema.Literals(["regex", "lark"]),
        definition: Str
      })
    ]))
  }),
  Schema.Struct({
    type: Schema.Literal("namespace"),
    name: Str.check(Schema.isMinLength(1)),
    description: Str,
    tools: Schema.Array(FunctionToolDefinition).check(Schema.isMinLength(1))
  })
])

/**
 * `providerOptions.openai` of a system message.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SystemMessageOptions = Schema.Struct({
  reasoningEffortUpdate: opt(Effort),
  textFormatUpdate: opt(TextFormat),
  additionalTools: opt(Schema.Array(AdditionalTool))
})

/**
 * `providerOptions.openai` of a tool result.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolResultOptions = Schema.Struct({ additionalTools: opt(Schema.Array(AdditionalTool)) })

/**
 * `providerOptions.openai` of a reasoning part.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningPartOptions = Schema.Struct({
  itemId: nullish(Str),
  reasoningEncryptedContent: nullish(Str)
})
