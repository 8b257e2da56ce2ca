/**
 * Wire schemas of the OpenAI chat completions API: the response body, the
 * stream chunk and the error body (ports of upstream's limited zod schemas in
 * `@ai-sdk/openai` `chat/openai-chat-api.ts` and `openai-error.ts`).
 *
 * Like zod objects, the structs strip unknown keys; `nullish` fields accept
 * `null` or an absent key.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { FunctionToolBody, ToolChoiceBody } from "../openai-family/Tools.ts"

const nullish = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

/**
 * The error body of the OpenAI API (also sent as an in-stream error frame).
 *
 * @since 0.1.0
 */
export const OpenAIErrorData = Schema.Struct({
  error: Schema.Struct({
    message: Schema.String,
    type: nullish(Schema.String),
    param: Schema.optionalKey(Schema.Unknown),
    code: nullish(Schema.Union([Schema.String, Schema.Number]))
  })
})

/**
 * The error body of the OpenAI API.
 *
 * @since 0.1.0
 */
export type OpenAIErrorData = typeof OpenAIErrorData.Type

const Logprob = Schema.Struct({
  token: Schema.String,
  logprob: Schema.Number,
  top_logprobs: Schema.Array(Schema.Struct({ token: Schema.String, logprob: Schema.Number }))
})

/**
 * One token's log probability with its alternatives.
 *
 * @since 0.1.0
 */
export type Logprob = typeof Logprob.Type

const Logprobs = nullish(Schema.Struct({
  content: nullish(Schema.Array(Logprob)),
  refusal: nullish(Schema.Array(Logprob))
}))

const Annotation = Schema.Struct({
  type: Schema.Literal("url_citation"),
  url_citation: Schema.Struct({
    start_index: Schema.Number,
    end_index: Schema.Number,
    url: Schema.String,
    title: Schema.String
  })
})

/**
 * Token usage as the chat completions API reports it.
 *
 * @since 0.1.0
 */
export const OpenAIChatUsage = Schema.Struct({
  prompt_tokens: nullish(Schema.Number),
  completion_tokens: nullish(Schema.Number),
  total_tokens: nullish(Schema.Number),
  prompt_tokens_details: nullish(Schema.Struct({
    cached_tokens: nullish(Schema.Number),
    cache_write_tokens: nullish(Schema.Number)
  })),
  completion_tokens_details: nullish(Schema.Struct({
    reasoning_tokens: nullish(Schema.Number),
    accepted_prediction_tokens: nullish(Schema.Number),
    rejected_prediction_tokens: nullish(Schema.Number)
  }))
})

/**
 * Token usage as the chat completions API reports it.
 *
 * @since 0.1.0
 */
export type OpenAIChatUsage = typeof OpenAIChatUsage.Type

/**
 * The (non-streamed) chat completion response body.
 *
 * @since 0.1.0
 */
export const OpenAIChatResponse = Schema.Struct({
  id: nullish(Schema.String),
  created: nullish(Schema.Number),
  model: nullish(Schema.String),
  choices: Schema.Array(Schema.Struct({
    message: Schema.Struct({
      role: nullish(Schema.Literal("assistant")),
      content: nullish(Schema.String),
      refusal: nullish(Schema.String),
      audio: nullish(Schema.Struct({ transcript: nullish(Schema.String) })),
      tool_calls: nullish(Schema.Array(Schema.Struct({
        id: nullish(Schema.String),
        type: Schema.Literal("function"),
        function: Schema.Struct({ name: Schema.String, arguments: Schema.String })
      }))),
      annotations: nullish(Schema.Array(Annotation))
    }),
    index: Schema.Number,
    logprobs: Logprobs,
    finish_reason: nullish(Schema.String)
  })),
  usage: nullish(OpenAIChatUsage)
})

/**
 * The chat completion response body.
 *
 * @since 0.1.0
 */
export type OpenAIChatResponse = typeof OpenAIChatResponse.Type

/**
 * A streamed tool-call delta.
 *
 * @since 0.1.0
 */
export const OpenAIChatToolCallDelta = Schema.Struct({
  index: Schema.Number,
  id: nullish(Schema.String),
  type: nullish(Schema.Literal("function")),
  function: Schema.Struct({
    name: nullish(Schema.String),
    arguments: nullish(Schema.String)
  })
})

/**
 * A streamed tool-call delta.
 *
 * @since 0.1.0
 */
export type OpenAIChatToolCallDelta = typeof OpenAIChatToolCallDelta.Type

/**
 * A regular stream chunk (`chat.completion.chunk`).
 *
 * @since 0.1.0
 */
export const OpenAIChatCompletionChunk = Schema.Struct({
  id: nullish(Schema.String),
  created: nullish(Schema.Number),
  model: nullish(Schema.String),
  choices: Schema.Array(Schema.Struct({
    delta: nullish(Schema.Struct({
      role: nullish(Schema.Literal("assistant")),
      content: nullish(Schema.String),
      refusal: nullish(Schema.String),
      tool_calls: nullish(Schema.Array(OpenAIChatToolCallDelta)),
      annotations: nullish(Schema.Array(Annotation))
    })),
    logprobs: Logprobs,
    finish_reason: nullish(Schema.String),
    index: Schema.Number
  })),
  usage: nullish(OpenAIChatUsage)
})

/**
 * A regular stream chunk.
 *
 * @since 0.1.0
 */
export type OpenAIChatCompletionChunk = typeof OpenAIChatCompletionChunk.Type

/**
 * A stream chunk: a completion chunk or an error frame (tried in that order, as upstream's union).
 *
 * @since 0.1.0
 */
export const OpenAIChatChunk = Schema.Union([OpenAIChatCompletionChunk, OpenAIErrorData])

/**
 * A stream chunk.
 *
 * @since 0.1.0
 */
export type OpenAIChatChunk = typeof OpenAIChatChunk.Type

/**
 * An OpenAI chat function tool as sent in the request body (the shared OpenAI-family shape).
 *
 * @since 0.1.0
 */
export type OpenAIChatFunctionTool = FunctionToolBody

/**
 * The request body's `tool_choice` (the shared OpenAI-family shape).
 *
 * @since 0.1.0
 */
export type OpenAIChatToolChoice = Exclude<ToolChoiceBody, undefined>
