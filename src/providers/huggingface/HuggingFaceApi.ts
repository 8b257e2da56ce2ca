/**
 * Wire Schemas of the Hugging Face router's Responses API: the
 * non-streamed response, the stream events and the error body (upstream
 * `@ai-sdk/huggingface` 2.0.48 `huggingface-responses-language-model.ts`
 * and `huggingface-error.ts`). Undeclared object keys are dropped on decode
 * (zod `z.object`); upstream's `z.any()` keys must be present.
 *
 * Upstream's stream union ends in a catch-all member (`{ type: string }`,
 * loose), so every object with a string `type` passes: the stream is
 * decoded as `Envelope` and the events the transform reads are decoded
 * again, by `CompletedChunk` (the typed member, which strips usage) and by
 * lenient Schemas of only the fields read (what upstream reads from the
 * raw object when the typed member does not match).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const opt = Schema.optionalKey

/**
 * Token usage as the typed members declare it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Usage = Schema.Struct({
  input_tokens: Schema.Number,
  input_tokens_details: opt(Schema.Struct({ cached_tokens: Schema.Number })),
  output_tokens: Schema.Number,
  output_tokens_details: opt(Schema.Struct({ reasoning_tokens: Schema.Number })),
  total_tokens: Schema.Number
})

/**
 * Token usage.
 *
 * @since 0.1.0
 * @category models
 */
export type Usage = typeof Usage.Type

/**
 * Usage read from a raw (catch-all) event: the same fields, every key kept.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RawUsage = Schema.StructWithRest(
  Schema.Struct({
    ...Usage.fields,
    // the nested details too: `usage.raw` is the usage as received (e.g. `audio_tokens`)
    input_tokens_details: opt(Schema.StructWithRest(Usage.fields.input_tokens_details.schema, [Schema.Record(Schema.String, Schema.Json)])),
    output_tokens_details: opt(Schema.StructWithRest(Usage.fields.output_tokens_details.schema, [Schema.Record(Schema.String, Schema.Json)]))
  }),
  [Schema.Record(Schema.String, Schema.Json)]
)

/**
 * One output item of a response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OutputItem = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("message"),
    id: Schema.String,
    role: opt(Schema.String),
    status: opt(Schema.String),
    content: Schema.Array(Schema.Struct({
      type: Schema.Literal("output_text"),
      text: Schema.String,
      annotations: opt(Schema.Array(Schema.Unknown))
    }))
  }),
  Schema.Struct({
    type: Schema.Literal("reasoning"),
    id: Schema.String,
    status: opt(Schema.String),
    content: Schema.Array(Schema.Struct({ type: Schema.Literal("reasoning_text"), text: Schema.String })),
    summary: opt(Schema.Array(Schema.Struct({ type: Schema.Literal("reasoning_summary"), text: Schema.String })))
  }),
  Schema.Struct({
    type: Schema.Literal("function_call"),
    id: Schema.String,
    call_id: Schema.String,
    name: Schema.String,
    arguments: Schema.String,
    output: opt(Schema.String),
    status: opt(Schema.String)
  }),
  Schema.Struct({
    type: Schema.Literal("mcp_call"),
    id: Schema.String,
    name: Schema.String,
    arguments: Schema.String,
    output: opt(Schema.String),
    status: opt(Schema.String)
  }),
  Schema.Struct({
    type: Schema.Literal("mcp_list_tools"),
    id: Schema.String,
    server_label: Schema.String,
    tools: opt(Schema.Array(Schema.Unknown)),
    status: opt(Schema.String)
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
 * The non-streamed response (and the `response` of `response.completed`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Response = Schema.Struct({
  id: Schema.String,
  model: Schema.String,
  object: Schema.String,
  created_at: Schema.Number,
  status: Schema.String,
  error: Schema.Unknown,
  instructions: Schema.Unknown,
  max_output_tokens: Schema.Unknown,
  metadata: Schema.Unknown,
  tool_choice: Schema.Unknown,
  tools: Schema.Array(Schema.Unknown),
  temperature: Schema.Number,
  top_p: Schema.Number,
  incomplete_details: opt(Schema.NullOr(Schema.Struct({ reason: Schema.String }))),
  usage: opt(Schema.NullOr(Usage)),
  output: Schema.Array(OutputItem),
  output_text: opt(Schema.NullOr(Schema.String))
})

/**
 * The non-streamed response.
 *
 * @since 0.1.0
 * @category models
 */
export type Response = typeof Response.Type

/**
 * Any stream event (upstream's catch-all member): an object with a string `type`, every key kept.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Envelope = Schema.StructWithRest(Schema.Struct({ type: Schema.String }), [
  Schema.Record(Schema.String, Schema.Unknown)
])

/**
 * Any stream event.
 *
 * @since 0.1.0
 * @category models
 */
export type Envelope = typeof Envelope.Type

/**
 * The typed `response.completed` member.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CompletedChunk = Schema.Struct({
  type: Schema.Literal("response.completed"),
  response: Response,
  sequence_number: Schema.Number
})

/**
 * `response.completed` read from the raw event (what upstream reads when the typed member fails).
 *
 * @since 0.1.0
 * @category schemas
 */
export const RawCompleted = Schema.Struct({
  response: Schema.Struct({
    id: opt(Schema.Json),
    incomplete_details: opt(Schema.Unknown),
    usage: opt(Schema.Unknown)
  })
})

/**
 * `response.created` as read.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Created = Schema.Struct({
  response: Schema.Struct({ id: opt(Schema.String), created_at: Schema.Number, model: opt(Schema.String) })
})

/**
 * An output-item event as read: the item's `type` and `role`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ItemEvent = Schema.Struct({
  item: Schema.StructWithRest(Schema.Struct({ type: Schema.Unknown, role: opt(Schema.Unknown) }), [
    Schema.Record(Schema.String, Schema.Unknown)
  ])
})

/**
 * The id of a message or reasoning item.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ItemId = Schema.Struct({ id: Schema.String })

/**
 * A function-call item as `output_item.added` reads it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FunctionCallStart = Schema.Struct({ call_id: Schema.String, name: Schema.String })

/**
 * A function-call item as `output_item.done` reads it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FunctionCallDone = Schema.Struct({
  call_id: Schema.String,
  name: Schema.String,
  arguments: Schema.String,
  output: opt(Schema.Json)
})

/**
 * A text or reasoning delta event as read.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Delta = Schema.Struct({ item_id: Schema.String, delta: Schema.String })

/**
 * A `response.reasoning_text.done` event as read.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeltaDone = Schema.Struct({ item_id: Schema.String })

/**
 * The error body.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorData = Schema.Struct({
  error: Schema.Struct({ message: Schema.String, type: opt(Schema.String), code: opt(Schema.String) })
})
