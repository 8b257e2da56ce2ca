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
import type { FunctionToolBody, ToolChoiceBody } from "./Tools.ts"
import { nullishKey } from "../../../contract/Fields.ts"


/**
 * The error body of the OpenAI API (also sent as an in-stream error frame).
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpenAIErrorData = Schema.Struct({
  error: Schema.Struct({
    message: Schema.String,
    type: nullishKey(Schema.String),
    param: Schema.optionalKey(Schema.Unknown),
    code: nullishKey(Schema.Union([Schema.String, Schema.Number]))
  })
})

/**
 * The error body of the OpenAI API.
 *
 * @since 0.1.0
 * @category models
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
 * @category models
 */
export type Logprob = typeof Logprob.Type

const Logprobs = nullishKey(Schema.Struct({
  content: nullishKey(Schema.Array(Logprob)),
  refusal: nullishKey(Schema.Array(Logprob))
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
 * @category schemas
 */
export const OpenAIChatUsage = Schema.Struct({
  prompt_tokens: nullishKey(Schema.Number),
  completion_tokens: nullishKey(Schema.Number),
  total_tokens: nullishKey(Schema.Number),
  prompt_tokens_details: nullishKey(Schema.Struct({
    cached_tokens: nullishKey(Schema.Number),
    cache_write_tokens: nullishKey(Schema.Number)
  })),
  completion_tokens_details: nullishKey(Schema.Struct({
    reasoning_tokens: nullishKey(Schema.Number),
    accepted_prediction_tokens: nullishKey(Schema.Number),
    rejected_prediction_tokens: nullishKey(Schema.Number)
  }))
})

/**
 * Token usage as the chat completions API reports it.
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatUsage = typeof OpenAIChatUsage.Type

/**
 * The (non-streamed) chat completion response body.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpenAIChatResponse = Schema.Struct({
  id: nullishKey(Schema.String),
  created: nullishKey(Schema.Number),
  model: nullishKey(Schema.String),
  choices: Schema.Array(Schema.Struct({
    message: Schema.Struct({
      role: nullishKey(Schema.Literal("assistant")),
      content: nullishKey(Schema.String),
      refusal: nullishKey(Schema.String),
      audio: nullishKey(Schema.Struct({ transcript: nullishKey(Schema.String) })),
      tool_calls: nullishKey(Schema.Array(Schema.Struct({
        id: nullishKey(Schema.String),
        type: Schema.Literal("function"),
        function: Schema.Struct({ name: Schema.String, arguments: Schema.String })
      }))),
      annotations: nullishKey(Schema.Array(Annotation))
    }),
    index: Schema.Number,
    logprobs: Logprobs,
    finish_reason: nullishKey(Schema.String)
  })),
  usage: nullishKey(OpenAIChatUsage)
})

/**
 * The chat completion response body.
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatResponse = typeof OpenAIChatResponse.Type

/**
 * A streamed tool-call delta.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpenAIChatToolCallDelta = Schema.Struct({
  index: Schema.Number,
  id: nullishKey(Schema.String),
  type: nullishKey(Schema.Literal("function")),
  function: Schema.Struct({
    name: nullishKey(Schema.String),
    arguments: nullishKey(Schema.String)
  })
})

/**
 * A streamed tool-call delta.
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatToolCallDelta = typeof OpenAIChatToolCallDelta.Type

/**
 * A regular stream chunk (`chat.completion.chunk`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpenAIChatCompletionChunk = Schema.Struct({
  id: nullishKey(Schema.String),
  created: nullishKey(Schema.Number),
  model: nullishKey(Schema.String),
  choices: Schema.Array(Schema.Struct({
    delta: nullishKey(Schema.Struct({
      role: nullishKey(Schema.Literal("assistant")),
      content: nullishKey(Schema.String),
      refusal: nullishKey(Schema.String),
      tool_calls: nullishKey(Schema.Array(OpenAIChatToolCallDelta)),
      annotations: nullishKey(Schema.Array(Annotation))
    })),
    logprobs: Logprobs,
    finish_reason: nullishKey(Schema.String),
    index: Schema.Number
  })),
  usage: nullishKey(OpenAIChatUsage)
})

/**
 * A regular stream chunk.
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatCompletionChunk = typeof OpenAIChatCompletionChunk.Type

/**
 * A stream chunk: a completion chunk or an error frame (tried in that order, as upstream's union).
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpenAIChatChunk = Schema.Union([OpenAIChatCompletionChunk, OpenAIErrorData])

/**
 * A stream chunk.
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatChunk = typeof OpenAIChatChunk.Type

/**
 * An OpenAI chat function tool as sent in the request body (the shared OpenAI-family shape).
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatFunctionTool = FunctionToolBody

/**
 * The request body's `tool_choice` (the shared OpenAI-family shape).
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatToolChoice = Exclude<ToolChoiceBody, undefined>
