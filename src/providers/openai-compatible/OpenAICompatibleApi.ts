/**
 * Wire Schemas of the OpenAI-compatible chat completions API: Effect Schema
 * ports of upstream's zod schemas (`openai-compatible-chat-language-model.ts`,
 * `openai-compatible-error.ts`). `looseObject` → a struct that keeps unknown
 * keys; `object` → a struct that drops them, as zod does.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { OpenAIFamilyErrorData } from "../kits/openai/ErrorData.ts"
import { nullish } from "../../contract/Fields.ts"

/**
 * Extra keys of a loose object, kept as they are (JSON values).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Rest = Schema.Record(Schema.String, Schema.Json)

/**
 * The shared `nullish` field builder (re-exported: it was this module's own).
 *
 * @since 0.1.0
 */
export { nullish } from "../../contract/Fields.ts"

/**
 * The token usage object (loose; its parsed value is reported as `usage.raw`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TokenUsage = Schema.StructWithRest(
  Schema.Struct({
    prompt_tokens: nullish(Schema.Number),
    completion_tokens: nullish(Schema.Number),
    total_tokens: nullish(Schema.Number),
    prompt_tokens_details: nullish(
      Schema.StructWithRest(Schema.Struct({ cached_tokens: nullish(Schema.Number) }), [Rest])
    ),
    completion_tokens_details: nullish(
      Schema.StructWithRest(
        Schema.Struct({
          reasoning_tokens: nullish(Schema.Number),
          accepted_prediction_tokens: nullish(Schema.Number),
          rejected_prediction_tokens: nullish(Schema.Number)
        }),
        [Rest]
      )
    )
  }),
  [Rest]
)

/**
 * The token usage object.
 *
 * @since 0.1.0
 * @category models
 */
export type TokenUsage = typeof TokenUsage.Type

/**
 * Message content: a string or an array of typed parts (Mistral-style thinking parts).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Content = nullish(
  Schema.Union([
    Schema.String,
    Schema.Array(Schema.StructWithRest(Schema.Struct({ type: Schema.String }), [Rest]))
  ])
)

/**
 * Content as decoded.
 *
 * @since 0.1.0
 * @category models
 */
export type Content = typeof Content.Type

const ExtraContent = nullish(Schema.Struct({
  google: nullish(Schema.Struct({ thought_signature: nullish(Schema.String) }))
}))

/**
 * The default error payload of OpenAI-compatible servers.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorData = OpenAIFamilyErrorData

/**
 * The default error payload.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorData = typeof ErrorData.Type

/**
 * A streamed tool-call delta (`index` may be missing: Gemini's compatibility API sends none).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolCallDelta = Schema.Struct({
  index: nullish(Schema.Number),
  id: nullish(Schema.String),
  function: Schema.Struct({
    name: nullish(Schema.String),
    arguments: nullish(Schema.String)
  }),
  extra_content: ExtraContent
})

/**
 * A streamed tool-call delta.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolCallDelta = typeof ToolCallDelta.Type

/**
 * A chunk of a streamed chat completion (loose at the top level).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChunkBase = Schema.StructWithRest(
  Schema.Struct({
    id: nullish(Schema.String),
    created: nullish(Schema.Number),
    model: nullish(Schema.String),
    choices: Schema.Array(Schema.Struct({
      delta: nullish(Schema.Struct({
        role: nullish(Schema.Literals(["assistant", ""])),
        content: Content,
        refusal: Schema.optional(Schema.Unknown),
        reasoning_content: nullish(Schema.String),
        reasoning: nullish(Schema.String),
        tool_calls: nullish(Schema.Array(ToolCallDelta))
      })),
      finish_reason: nullish(Schema.String)
    })),
    usage: nullish(TokenUsage)
  }),
  [Rest]
)

/**
 * A chunk of a streamed chat completion.
 *
 * @since 0.1.0
 * @category models
 */
export type ChunkBase = typeof ChunkBase.Type

/**
 * A non-streamed chat completion (loose at the top level).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatResponse = Schema.StructWithRest(
  Schema.Struct({
    id: nullish(Schema.String),
    created: nullish(Schema.Number),
    model: nullish(Schema.String),
    choices: Schema.Array(Schema.Struct({
      message: Schema.Struct({
        role: nullish(Schema.Literal("assistant")),
        content: Content,
        refusal: Schema.optional(Schema.Unknown),
        reasoning_content: nullish(Schema.String),
        reasoning: nullish(Schema.String),
        tool_calls: nullish(Schema.Array(Schema.Struct({
          id: nullish(Schema.String),
          function: Schema.Struct({ name: Schema.String, arguments: Schema.String }),
          extra_content: ExtraContent
        })))
      }),
      finish_reason: nullish(Schema.String)
    })),
    usage: nullish(TokenUsage)
  }),
  [Rest]
)

/**
 * A non-streamed chat completion.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatResponse = typeof ChatResponse.Type
