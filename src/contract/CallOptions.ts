/**
 * Call options of a model call (`LanguageModelV4CallOptions`), tools and tool choice.
 *
 * Cancellation is not an option here: interrupting the fiber that runs the call cancels it
 * (the interop bridge maps an upstream `abortSignal` to interruption).
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { optional } from "./Fields.ts"
import { JsonObject, UnknownRecord } from "./Json.ts"
import { Prompt } from "./Prompt.ts"
import { ProviderOptions } from "./ProviderMetadata.ts"

/**
 * A JSON Schema (draft 7) document, kept as a plain object (JSON form: the object, `undefined`
 * values dropped).
 *
 * @since 0.1.0
 * @category schemas
 */
export const JsonSchema7 = UnknownRecord

/**
 * A JSON Schema (draft 7) document, kept as plain JSON.
 *
 * @since 0.1.0
 * @category models
 */
export type JsonSchema7 = typeof JsonSchema7.Type

/**
 * A function tool the model may call; the client executes it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FunctionTool = Schema.Struct({
  type: Schema.Literal("function"),
  name: Schema.String,
  description: optional(Schema.String),
  inputSchema: JsonSchema7,
  inputExamples: optional(Schema.Array(Schema.Struct({ input: JsonObject }))),
  strict: optional(Schema.Boolean),
  providerOptions: optional(ProviderOptions)
})

/**
 * A function tool the model may call.
 *
 * @since 0.1.0
 * @category models
 */
export type FunctionTool = typeof FunctionTool.Type

/**
 * A provider-defined tool (`id` is `provider.toolName`), possibly executed by the provider.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ProviderTool = Schema.Struct({
  type: Schema.Literal("provider"),
  id: Schema.TemplateLiteral([Schema.String, ".", Schema.String]),
  name: Schema.String,
  args: UnknownRecord
})

/**
 * A provider-defined tool.
 *
 * @since 0.1.0
 * @category models
 */
export type ProviderTool = typeof ProviderTool.Type

/**
 * A tool of the call options.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CallTool = Schema.Union([FunctionTool, ProviderTool])

/**
 * A tool of the call options.
 *
 * @since 0.1.0
 * @category models
 */
export type CallTool = typeof CallTool.Type

/**
 * How the model may choose tools.
 *
 * @since 0.1.0
 * @category schemas
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
 * @category models
 */
export type ToolChoice = typeof ToolChoice.Type

/**
 * The response format: text, or JSON with an optional schema.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponseFormat = Schema.Union([
  Schema.Struct({ type: Schema.Literal("text") }),
  Schema.Struct({
    type: Schema.Literal("json"),
    schema: optional(JsonSchema7),
    name: optional(Schema.String),
    description: optional(Schema.String)
  })
])

/**
 * The response format.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponseFormat = typeof ResponseFormat.Type

/**
 * The reasoning effort requested from the model.
 *
 * @since 0.1.0
 * @category schemas
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
 * @category models
 */
export type ReasoningLevel = typeof ReasoningLevel.Type

/**
 * Request headers of call options (`Record<string, string | undefined>`); an `undefined` header
 * is written as an absent key.
 *
 * @since 0.1.0
 * @category schemas
 */
export const HeadersWithUndefined = Schema.Record(Schema.String, Schema.UndefinedOr(Schema.String)).pipe(
  Schema.decodeTo(Schema.Record(Schema.String, Schema.UndefinedOr(Schema.String)), {
    decode: SchemaGetter.passthrough(),
    encode: SchemaGetter.transform((headers) => {
      const out: Record<string, string> = {}
      for (const [key, value] of Object.entries(headers)) if (value !== undefined) out[key] = value
      return out
    })
  })
)

/**
 * Call options of one model call. `abortSignal` is not here: cancelling is interrupting the fiber.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CallOptions = Schema.Struct({
  prompt: Prompt,
  maxOutputTokens: optional(Schema.Number),
  temperature: optional(Schema.Number),
  stopSequences: optional(Schema.Array(Schema.String)),
  topP: optional(Schema.Number),
  topK: optional(Schema.Number),
  presencePenalty: optional(Schema.Number),
  frequencyPenalty: optional(Schema.Number),
  responseFormat: optional(ResponseFormat),
  seed: optional(Schema.Number),
  tools: optional(Schema.Array(CallTool)),
  toolChoice: optional(ToolChoice),
  includeRawChunks: optional(Schema.Boolean),
  headers: optional(HeadersWithUndefined),
  reasoning: optional(ReasoningLevel),
  providerOptions: optional(ProviderOptions)
})

/**
 * Call options of one model call.
 *
 * @since 0.1.0
 * @category models
 */
export type CallOptions = typeof CallOptions.Type
