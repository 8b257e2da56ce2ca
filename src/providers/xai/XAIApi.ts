/**
 * Wire Schemas of the xAI Responses API: the non-streamed response, the
 * stream events, usage and the error body. Ports of upstream's zod schemas
 * in `@ai-sdk/xai` 5.0.12 `xai-responses-api.ts` and `xai-error.ts`; like
 * them they declare only what the model reads, undeclared object keys are
 * dropped on decode (zod `z.object`), except in `usage` and its detail
 * objects (`.catchall(z.json())`), which keep every key.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullishKey } from "../../contract/Fields.ts"

const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

const loose = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Json)])

/**
 * A text annotation: a `url_citation` with its `url`, or any other typed
 * object (zod union order: an `url_citation` that does not fit the first
 * member decodes as the bare `{ type }` and carries no `url`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Annotation = Schema.Union([
  Schema.Struct({ type: Schema.Literal("url_citation"), url: Schema.String, title: optional(Schema.String) }),
  Schema.Struct({ type: Schema.String })
])

/**
 * A text annotation.
 *
 * @since 0.1.0
 * @category models
 */
export type Annotation = typeof Annotation.Type

const MessageContentPart = Schema.Struct({
  type: Schema.String,
  text: optional(Schema.String),
  logprobs: optional(Schema.Array(Schema.Unknown)),
  annotations: optional(Schema.Array(Annotation))
})

const ReasoningSummaryPart = Schema.Struct({ type: Schema.String, text: Schema.String })

const toolCallFields = {
  name: optional(Schema.String),
  arguments: optional(Schema.String),
  input: optional(Schema.String),
  call_id: optional(Schema.String),
  id: Schema.String,
  status: Schema.String,
  action: optional(Schema.Unknown)
}

const toolCallItem = <T extends string>(type: T) => Schema.Struct({ type: Schema.Literal(type), ...toolCallFields })

/**
 * A web search source as the wire gives it (inside a web search action).
 *
 * @since 0.1.0
 * @category schemas
 */
export const WebSearchWireSource = Schema.Struct({ type: Schema.Literal("url"), url: Schema.String })

/**
 * The action of a `web_search_call` as the wire gives it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const WebSearchWireAction = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("search"),
    query: nullishKey(Schema.String),
    queries: nullishKey(Schema.Array(Schema.String)),
    sources: nullishKey(Schema.Array(Schema.Unknown))
  }),
  Schema.Struct({
    type: Schema.Literal("open_page"),
    url: nullishKey(Schema.String),
    sources: nullishKey(Schema.Array(Schema.Unknown))
  }),
  Schema.Struct({
    type: Schema.Literal("find_in_page"),
    url: nullishKey(Schema.String),
    pattern: nullishKey(Schema.String),
    sources: nullishKey(Schema.Array(Schema.Unknown))
  })
])

/**
 * One output item of a response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OutputItem = Schema.Union([
  toolCallItem("web_search_call"),
  toolCallItem("x_search_call"),
  toolCallItem("code_interpreter_call"),
  toolCallItem("code_execution_call"),
  toolCallItem("view_image_call"),
  toolCallItem("view_x_video_call"),
  Schema.Struct({
    type: Schema.Literal("file_search_call"),
    id: Schema.String,
    status: Schema.String,
    queries: optional(Schema.Array(Schema.String)),
    results: nullishKey(Schema.Array(Schema.Struct({
      file_id: Schema.String,
      filename: Schema.String,
      score: Schema.Number,
      text: Schema.String
    })))
  }),
  Schema.Struct({
    type: Schema.Literal("image_generation_call"),
    id: Schema.String,
    status: Schema.String,
    prompt: nullishKey(Schema.String),
    result: nullishKey(Schema.String)
  }),
  toolCallItem("custom_tool_call"),
  Schema.Struct({
    type: Schema.Literal("mcp_call"),
    name: optional(Schema.String),
    arguments: optional(Schema.String),
    output: optional(Schema.String),
    error: optional(Schema.String),
    id: Schema.String,
    status: Schema.String,
    server_label: optional(Schema.String)
  }),
  Schema.Struct({
    type: Schema.Literal("message"),
    role: Schema.String,
    content: Schema.Array(MessageContentPart),
    id: Schema.String,
    status: Schema.String
  }),
  Schema.Struct({
    type: Schema.Literal("function_call"),
    name: Schema.String,
    arguments: Schema.String,
    call_id: Schema.String,
    id: Schema.String
  }),
  Schema.Struct({
    type: Schema.Literal("reasoning"),
    id: Schema.String,
    summary: Schema.Array(ReasoningSummaryPart),
    content: nullishKey(Schema.Array(Schema.Struct({ type: Schema.String, text: Schema.String }))),
    status: Schema.String,
    encrypted_content: nullishKey(Schema.String)
  })
])

/**
 * One output item of a response.
 *
 * @since 0.1.0
 * @category models
 */
export type OutputItem = typeof OutputItem.Type

/**
 * Token usage; every key is kept (upstream `.catchall(z.json())`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponsesUsage = loose({
  input_tokens: Schema.Number,
  output_tokens: Schema.Number,
  total_tokens: optional(Schema.Number),
  input_tokens_details: optional(loose({ cached_tokens: optional(Schema.Number) })),
  output_tokens_details: optional(loose({ reasoning_tokens: optional(Schema.Number) })),
  num_sources_used: optional(Schema.Number),
  num_server_side_tools_used: optional(Schema.Number),
  cost_in_usd_ticks: nullishKey(Schema.Number)
})

/**
 * Token usage.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponsesUsage = typeof ResponsesUsage.Type

const responseFields = {
  id: nullishKey(Schema.String),
  created_at: nullishKey(Schema.Number),
  model: nullishKey(Schema.String),
  object: Schema.Literal("response"),
  output: Schema.Array(OutputItem),
  usage: nullishKey(ResponsesUsage),
  status: Schema.String,
  service_tier: nullishKey(Schema.String),
  prompt_cache_key: nullishKey(Schema.String),
  safety_identifier: nullishKey(Schema.String)
}

/**
 * The non-streamed response (and the `response` of `response.completed`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponsesResponse = Schema.Struct(responseFields)

/**
 * The non-streamed response.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponsesResponse = typeof ResponsesResponse.Type

// `.partial({ usage: true, status: true })`: both keys may be absent.
const PartialResponse = Schema.Struct({
  ...responseFields,
  usage: Schema.optionalKey(Schema.UndefinedOr(Schema.NullOr(ResponsesUsage))),
  status: Schema.optionalKey(Schema.UndefinedOr(Schema.String))
})

const itemEvent = <T extends string>(type: T) =>
  Schema.Struct({ type: Schema.Literal(type), item_id: Schema.String, output_index: Schema.Number })

const itemEvents = [
  "response.web_search_call.in_progress",
  "response.web_search_call.searching",
  "response.web_search_call.completed",
  "response.x_search_call.in_progress",
  "response.x_search_call.searching",
  "response.x_search_call.completed",
  "response.file_search_call.in_progress",
  "response.file_search_call.searching",
  "response.file_search_call.completed",
  "response.image_generation_call.in_progress",
  "response.image_generation_call.generating",
  "response.image_generation_call.completed",
  "response.code_execution_call.in_progress",
  "response.code_execution_call.executing",
  "response.code_execution_call.completed",
  "response.code_interpreter_call.in_progress",
  "response.code_interpreter_call.executing",
  "response.code_interpreter_call.interpreting",
  "response.code_interpreter_call.completed"
] as const

const mcpEvents = [
  "response.mcp_call.in_progress",
  "response.mcp_call.executing",
  "response.mcp_call.completed",
  "response.mcp_call.failed"
] as const

const withField = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), item_id: Schema.String, output_index: Schema.Number, ...fields })

/**
 * One stream event (upstream `xaiResponsesChunkSchema`, same members in the
 * same order).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponsesChunk = Schema.Union([
  Schema.Struct({ type: Schema.Literal("response.created"), response: PartialResponse }),
  Schema.Struct({ type: Schema.Literal("response.in_progress"), response: PartialResponse }),
  Schema.Struct({ type: Schema.Literal("response.output_item.added"), item: OutputItem, output_index: Schema.Number }),
  Schema.Struct({ type: Schema.Literal("response.output_item.done"), item: OutputItem, output_index: Schema.Number }),
  withField("response.content_part.added", { content_index: Schema.Number, part: MessageContentPart }),
  withField("response.content_part.done", { content_index: Schema.Number, part: MessageContentPart }),
  withField("response.output_text.delta", {
    content_index: Schema.Number,
    delta: Schema.String,
    logprobs: optional(Schema.Array(Schema.Unknown))
  }),
  withField("response.output_text.done", {
    content_index: Schema.Number,
    text: Schema.String,
    logprobs: optional(Schema.Array(Schema.Unknown)),
    annotations: optional(Schema.Array(Annotation))
  }),
  withField("response.output_text.annotation.added", {
    content_index: Schema.Number,
    annotation_index: Schema.Number,
    annotation: Annotation
  }),
  withField("response.reasoning_summary_part.added", { summary_index: Schema.Number, part: ReasoningSummaryPart }),
  withField("response.reasoning_summary_part.done", { summary_index: Schema.Number, part: ReasoningSummaryPart }),
  withField("response.reasoning_summary_text.delta", { summary_index: Schema.Number, delta: Schema.String }),
  withField("response.reasoning_summary_text.done", { summary_index: Schema.Number, text: Schema.String }),
  withField("response.reasoning_text.delta", { content_index: Schema.Number, delta: Schema.String }),
  withField("response.reasoning_text.done", { content_index: Schema.Number, text: Schema.String }),
  ...itemEvents.map(itemEvent),
  withField("response.code_interpreter_call_code.delta", { delta: Schema.String }),
  withField("response.code_interpreter_call_code.done", { code: Schema.String }),
  withField("response.custom_tool_call_input.delta", { delta: Schema.String }),
  withField("response.custom_tool_call_input.done", { input: Schema.String }),
  withField("response.function_call_arguments.delta", { delta: Schema.String }),
  withField("response.function_call_arguments.done", { arguments: Schema.String }),
  ...mcpEvents.map(itemEvent),
  withField("response.mcp_call_arguments.delta", { delta: Schema.String }),
  withField("response.mcp_call_arguments.done", { arguments: optional(Schema.String) }),
  withField("response.mcp_call_output.delta", { delta: Schema.String }),
  withField("response.mcp_call_output.done", { output: optional(Schema.String) }),
  Schema.Struct({
    type: Schema.Literal("response.incomplete"),
    response: Schema.Struct({
      incomplete_details: nullishKey(Schema.Struct({ reason: Schema.String })),
      usage: nullishKey(ResponsesUsage),
      service_tier: nullishKey(Schema.String),
      prompt_cache_key: nullishKey(Schema.String),
      safety_identifier: nullishKey(Schema.String)
    })
  }),
  Schema.Struct({
    type: Schema.Literal("response.failed"),
    response: Schema.Struct({
      error: nullishKey(Schema.Struct({ code: nullishKey(Schema.String), message: Schema.String })),
      incomplete_details: nullishKey(Schema.Struct({ reason: Schema.String })),
      usage: nullishKey(ResponsesUsage)
    })
  }),
  Schema.Struct({
    type: Schema.Literal("error"),
    code: nullishKey(Schema.String),
    message: Schema.String,
    param: nullishKey(Schema.String)
  }),
  Schema.Struct({ type: Schema.Literal("response.done"), response: ResponsesResponse }),
  Schema.Struct({ type: Schema.Literal("response.completed"), response: ResponsesResponse })
])

/**
 * One stream event.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponsesChunk = typeof ResponsesChunk.Type

/**
 * The error body (upstream `xaiErrorDataSchema`): the OpenAI-style
 * `{ error: { message, ... } }`, the Responses `{ code, error }`, or the
 * speech `{ error }`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorData = Schema.Union([
  Schema.Struct({
    error: Schema.Struct({
      message: Schema.String,
      type: nullishKey(Schema.String),
      param: optional(Schema.Unknown),
      code: nullishKey(Schema.Union([Schema.String, Schema.Number]))
    })
  }),
  Schema.Struct({ code: Schema.String, error: Schema.String }),
  Schema.Struct({ error: Schema.String })
])

/**
 * The error body.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorData = typeof ErrorData.Type

/**
 * Upstream `errorToMessage`: `<code>: <error>` for the Responses shape, the
 * string itself for the speech shape, `error.message` otherwise.
 *
 * @since 0.1.0
 * @category errors
 */
export const errorToMessage = (data: ErrorData): string => {
  if (typeof data.error === "string") return "code" in data ? `${data.code}: ${data.error}` : data.error
  return data.error.message
}
