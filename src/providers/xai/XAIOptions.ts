/**
 * xAI provider options (`providerOptions.xai`) for calls and file parts, and
 * the argument Schemas of the server-side tools, as Schemas (upstream
 * `xai-responses-language-model-options.ts`, `xai-file-part-options.ts` and
 * `tool/*.ts` of `@ai-sdk/xai` 5.0.12).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullishKey } from "../../contract/Fields.ts"

const opt = Schema.optionalKey
const Strings = Schema.Array(Schema.String)
const atMost = (n: number) => Strings.check(Schema.isMaxLength(n))

/**
 * Call options of the Responses model.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponsesOptions = Schema.Struct({
  reasoningEffort: opt(Schema.Literals(["none", "low", "medium", "high", "xhigh"])),
  /** Deprecated upstream: xAI ignores it (validated, never sent). */
  reasoningSummary: opt(Schema.Literals(["auto", "concise", "detailed"])),
  logprobs: opt(Schema.Boolean),
  topLogprobs: opt(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 8 }))),
  minP: opt(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }))),
  maxTurns: opt(Schema.Int),
  parallelToolCalls: opt(Schema.Boolean),
  promptCacheKey: opt(Schema.String),
  safetyIdentifier: opt(Schema.String),
  serviceTier: opt(Schema.Literals(["default", "priority"])),
  store: opt(Schema.Boolean),
  previousResponseId: opt(Schema.String),
  user: opt(Schema.String),
  include: nullishKey(Schema.Array(Schema.Literals([
    "file_search_call.results",
    "web_search_call.action.sources",
    "code_interpreter_call.outputs",
    "reasoning.encrypted_content",
    "no_inline_citations"
  ])))
})

/**
 * Call options of the Responses model.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponsesOptions = typeof ResponsesOptions.Type

/**
 * Options of an image file part in a user message.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FilePartOptions = Schema.Struct({
  imageDetail: opt(Schema.Literals(["low", "high", "auto"]))
})

/**
 * Arguments of `xai.web_search`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const WebSearchArgs = Schema.Struct({
  allowedDomains: opt(atMost(5)),
  excludedDomains: opt(atMost(5)),
  enableImageSearch: opt(Schema.Boolean),
  enableImageUnderstanding: opt(Schema.Boolean)
})

/**
 * Arguments of `xai.x_search`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const XSearchArgs = Schema.Struct({
  allowedXHandles: opt(atMost(10)),
  excludedXHandles: opt(atMost(10)),
  fromDate: opt(Schema.String),
  toDate: opt(Schema.String),
  enableImageUnderstanding: opt(Schema.Boolean),
  enableVideoUnderstanding: opt(Schema.Boolean)
})

/**
 * Arguments of `xai.image_generation`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageGenerationArgs = Schema.Struct({
  action: opt(Schema.Literals(["auto", "generate", "edit"]))
})

/**
 * Arguments of `xai.file_search`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileSearchArgs = Schema.Struct({
  vectorStoreIds: Strings,
  maxNumResults: opt(Schema.Number)
})

/**
 * Arguments of `xai.mcp`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const McpServerArgs = Schema.Struct({
  serverUrl: Schema.String,
  serverLabel: opt(Schema.String),
  serverDescription: opt(Schema.String),
  allowedTools: opt(Strings),
  headers: opt(Schema.Record(Schema.String, Schema.String)),
  authorization: opt(Schema.String)
})
