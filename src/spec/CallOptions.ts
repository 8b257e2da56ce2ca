/**
 * Call options of a model call (`LanguageModelV4CallOptions`), tools and tool choice.
 *
 * Cancellation is not an option here: interrupting the fiber that runs the call cancels it
 * (the interop bridge maps an upstream `abortSignal` to interruption).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { JsonObject } from "./Json.ts"
import { Prompt } from "./Prompt.ts"
import { ProviderOptions } from "./ProviderMetadata.ts"

/**
 * A JSON Schema (draft 7) document, kept as plain JSON.
 *
 * @since 0.1.0
 */
export const JsonSchema7 = Schema.Record(Schema.String, Schema.Unknown)

/**
 * A JSON Schema (draft 7) document, kept as plain JSON.
 *
 * @since 0.1.0
 */
export type JsonSchema7 = typeof JsonSchema7.Type

/**
 * A function tool the model may call; the client executes it.
 *
 * @since 0.1.0
 */
export const FunctionTool = Schema.Struct({
  type: Schema.Literal("function"),
  name: Schema.String,
  description: Schema.optional(Schema.String),
  inputSchema: JsonSchema7,
  inputExamples: Schema.optional(Schema.Array(Schema.Struct({ input: JsonObject }))),
  strict: Schema.optional(Schema.Boolean),
  providerOptions: Schema.optional(ProviderOptions)
})

/**
 * A function tool the model may call.
 *
 * @since 0.1.0
 */
export type FunctionTool = typeof FunctionTool.Type

/**
 * A provider-defined tool (`id` is `provider.toolName`), possibly executed by the provider.
 *
 * @since 0.1.0
 */
export const ProviderTool = Schema.Struct({
  type: Schema.Literal("provider"),
  id: Schema.String,
  name: Schema.String,
  args: Schema.Record(Schema.String, Schema.Unknown)
})

/**
 * A provider-defined tool.
 *
 * @since 0.1.0
 */
export type ProviderTool = typeof ProviderTool.Type

/**
 * A tool of the call options.
 *
 * @since 0.1.0
 */
export const CallTool = Schema.Union([FunctionTool, ProviderTool])

/**
 * A tool of the call options.
 *
 * @since 0.1.0
 */
export type CallTool = typeof CallTool.Type

/**
 * How the model may choose tools.
 *
 * @since 0.1.0
 */
export const ToolChoice = Schema.Union([
  Schema.Struct({ type: Schema.Literal("auto") }),
  Schema.Struct({ type: Schema.Literal("none") }),
  Schema.Struct({ type: Schema.Literal("required") }),
  Schema.Struct({ type: Schema.Literal("tool"), toolName: Schema.String })
])

/**
 * How the model may choose tools.
 *
 * @since 0.1.0
 */
export type ToolChoice = typeof ToolChoice.Type

/**
 * The response format: text, or JSON with an optional schema.
 *
 * @since 0.1.0
 */
export const ResponseFormat = Schema.Union([
  Schema.Struct({ type: Schema.Literal("text") }),
  Schema.Struct({
    type: Schema.Literal("json"),
    schema: Schema.optional(JsonSchema7),
    name: Schema.optional(Schema.String),
    description: Schema.optional(Schema.String)
  })
])

/**
 * The response format.
 *
 * @since 0.1.0
 */
export type ResponseFormat = typeof ResponseFormat.Type

/**
 * The reasoning effort requested from the model.
 *
 * @since 0.1.0
 */
export const ReasoningLevel = Schema.Literals([
  "provider-default",
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max"
])

/**
 * The reasoning effort requested from the model.
 *
 * @since 0.1.0
 */
export type ReasoningLevel = typeof ReasoningLevel.Type

/**
 * Call options of one model call.
 *
 * @since 0.1.0
 */
export const CallOptions = Schema.Struct({
  prompt: Prompt,
  maxOutputTokens: Schema.optional(Schema.Number),
  temperature: Schema.optional(Schema.Number),
  stopSequences: Schema.optional(Schema.Array(Schema.String)),
  topP: Schema.optional(Schema.Number),
  topK: Schema.optional(Schema.Number),
  presencePenalty: Schema.optional(Schema.Number),
  frequencyPenalty: Schema.optional(Schema.Number),
  responseFormat: Schema.optional(ResponseFormat),
  seed: Schema.optional(Schema.Number),
  tools: Schema.optional(Schema.Array(CallTool)),
  toolChoice: Schema.optional(ToolChoice),
  includeRawChunks: Schema.optional(Schema.Boolean),
  headers: Schema.optional(Schema.Record(Schema.String, Schema.UndefinedOr(Schema.String))),
  reasoning: Schema.optional(ReasoningLevel),
  providerOptions: Schema.optional(ProviderOptions)
})

/**
 * Call options of one model call.
 *
 * @since 0.1.0
 */
export type CallOptions = typeof CallOptions.Type
