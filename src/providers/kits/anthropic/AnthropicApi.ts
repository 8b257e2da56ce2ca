/**
 * Wire Schemas of the Anthropic messages API: the non-streamed response, the
 * stream events and the error body. Ports of upstream's zod schemas in
 * `@ai-sdk/anthropic` `anthropic-api.ts`; like them they are deliberately
 * limited to what the model implementation reads, and object keys that are
 * not declared are dropped on decode (zod `z.object`), except for `usage`
 * (`z.looseObject`), which keeps every key.
 *
 * @since 0.1.0
 */
import { Effect, Option, Schema } from "effect"
import { nullishKey } from "../../../contract/Fields.ts"


// zod `.nullishKey().catch(undefined)`: a value that does not decode becomes `undefined`.
const caught = <S extends Schema.Top>(schema: S) =>
  Schema.optionalKey(
    Schema.UndefinedOr(Schema.NullOr(schema)).pipe(
      Schema.catchDecoding(() => Effect.succeed(Option.some(undefined)))
    )
  )

/**
 * The caller of a tool call (programmatic tool calling).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolCallCaller = Schema.Union([
  Schema.Struct({ type: Schema.Literal("code_execution_20250825"), tool_id: Schema.String }),
  Schema.Struct({ type: Schema.Literal("code_execution_20260120"), tool_id: Schema.String }),
  Schema.Struct({ type: Schema.Literal("direct") })
])

/**
 * The caller of a tool call (programmatic tool calling).
 *
 * @since 0.1.0
 * @category models
 */
export type ToolCallCaller = typeof ToolCallCaller.Type

/**
 * A citation attached to a text block.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Citation = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("web_search_result_location"),
    cited_text: Schema.String,
    url: Schema.String,
    title: Schema.NullOr(Schema.String),
    encrypted_index: Schema.String
  }),
  Schema.Struct({
    type: Schema.Literal("page_location"),
    cited_text: Schema.String,
    document_index: Schema.Number,
    document_title: Schema.NullOr(Schema.String),
    start_page_number: Schema.Number,
    end_page_number: Schema.Number,
    file_id: nullishKey(Schema.String)
  }),
  Schema.Struct({
    type: Schema.Literal("char_location"),
    cited_text: Schema.String,
    document_index: Schema.Number,
    document_title: Schema.NullOr(Schema.String),
    start_char_index: Schema.Number,
    end_char_index: Schema.Number,
    file_id: nullishKey(Schema.String)
  }),
  Schema.Struct({
    type: Schema.Literal("content_block_location"),
    cited_text: Schema.String,
    document_index: Schema.Number,
    document_title: Schema.NullOr(Schema.String),
    start_block_index: Schema.Number,
    end_block_index: Schema.Number,
    file_id: Schema.NullOr(Schema.String)
  }),
  Schema.Struct({
    type: Schema.Literal("search_result_location"),
    cited_text: Schema.String,
    search_result_index: Schema.Number,
    source: Schema.String,
    title: Schema.NullOr(Schema.String),
    start_block_index: Schema.Number,
    end_block_index: Schema.Number
  })
])

/**
 * A citation attached to a text block.
 *
 * @since 0.1.0
 * @category models
 */
export type Citation = typeof Citation.Type

const McpToolResultContent = Schema.Union([
  Schema.String,
  Schema.Array(Schema.Union([
    Schema.String,
    Schema.Struct({
      type: Schema.Literal("text"),
      text: Schema.String,
      citations: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.Json)))
    })
  ]))
])

const InputTransformation = Schema.Struct({ type: Schema.String, path: Schema.String, reason: Schema.String })

const StopDetails = Schema.Struct({
  type: Schema.String,
  category: nullishKey(Schema.String),
  explanation: nullishKey(Schema.String),
  recommended_model: nullishKey(Schema.String)
})

/**
 * Structured details of a stop reason (e.g. a refusal category).
 *
 * @since 0.1.0
 * @category models
 */
export type StopDetails = typeof StopDetails.Type

const SafeguardResult = Schema.Struct({
  type: Schema.String,
  status: Schema.Struct({
    type: Schema.String,
    tool_uses: nullishKey(Schema.Record(
      Schema.String,
      Schema.Struct({ type: Schema.String, outcome: nullishKey(Schema.String), explanation: nullishKey(Schema.String) })
    ))
  })
})

const Iteration = Schema.Struct({
  type: Schema.Literals(["compaction", "message", "advisor_message", "fallback_message"]),
  model: nullishKey(Schema.String),
  input_tokens: Schema.Number,
  output_tokens: Schema.Number,
  cache_creation_input_tokens: nullishKey(Schema.Number),
  cache_read_input_tokens: nullishKey(Schema.Number)
})

/**
 * One sampling iteration of the usage breakdown.
 *
 * @since 0.1.0
 * @category models
 */
export type Iteration = typeof Iteration.Type

const Skill = Schema.Struct({
  type: Schema.Literals(["anthropic", "custom"]),
  skill_id: Schema.String,
  version: Schema.String
})

const ContainerWithSkills = Schema.Struct({
  expires_at: Schema.String,
  id: Schema.String,
  skills: nullishKey(Schema.Array(Skill))
})

const ContextManagement = Schema.Struct({
  applied_edits: Schema.Array(Schema.Union([
    Schema.Struct({
      type: Schema.Literal("clear_tool_uses_20250919"),
      cleared_tool_uses: Schema.Number,
      cleared_input_tokens: Schema.Number
    }),
    Schema.Struct({
      type: Schema.Literal("clear_thinking_20251015"),
      cleared_thinking_turns: Schema.Number,
      cleared_input_tokens: Schema.Number
    }),
    Schema.Struct({ type: Schema.Literal("compact_20260112") })
  ]))
})

/**
 * Context-management edits the API applied.
 *
 * @since 0.1.0
 * @category models
 */
export type ContextManagement = typeof ContextManagement.Type

const looseUsage = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Json)])

const OutputTokensDetails = nullishKey(Schema.Struct({ thinking_tokens: nullishKey(Schema.Number) }))

const codeExecutionOutputs = (type: string) => Schema.Array(Schema.Struct({ type: Schema.Literal(type), file_id: Schema.String }))

// Content blocks shared by the non-streamed response and `content_block_start`.
const TextBlock = Schema.Struct({
  type: Schema.Literal("text"),
  text: Schema.String,
  citations: Schema.optionalKey(Schema.NullOr(Schema.Array(Citation)))
})
const ThinkingBlock = Schema.Struct({ type: Schema.Literal("thinking"), thinking: Schema.String, signature: Schema.String })
const RedactedThinkingBlock = Schema.Struct({ type: Schema.Literal("redacted_thinking"), data: Schema.String })
const CompactionBlock = Schema.Struct({
  type: Schema.Literal("compaction"),
  content: nullishKey(Schema.String),
  signature: nullishKey(Schema.String)
})
const ServerToolUseBlock = Schema.Struct({
  type: Schema.Literal("server_tool_use"),
  id: Schema.String,
  name: Schema.String,
  input: nullishKey(Schema.Record(Schema.String, Schema.Unknown)),
  caller: Schema.optionalKey(ToolCallCaller)
})
const McpToolUseBlock = Schema.Struct({
  type: Schema.Literal("mcp_tool_use"),
  id: Schema.String,
  name: Schema.String,
  input: Schema.optionalKey(Schema.Unknown),
  server_name: Schema.String
})
const McpToolResultBlock = Schema.Struct({
  type: Schema.Literal("mcp_tool_result"),
  tool_use_id: Schema.String,
  is_error: Schema.Boolean,
  content: McpToolResultContent
})
const WebFetchToolResultBlock = Schema.Struct({
  type: Schema.Literal("web_fetch_tool_result"),
  tool_use_id: Schema.String,
  caller: Schema.optionalKey(ToolCallCaller),
  content: Schema.Union([
    Schema.Struct({
      type: Schema.Literal("web_fetch_result"),
      url: Schema.String,
      retrieved_at: Schema.NullOr(Schema.String),
      content: Schema.Struct({
        type: Schema.Literal("document"),
        title: Schema.NullOr(Schema.String),
        citations: Schema.optionalKey(Schema.Struct({ enabled: Schema.Boolean })),
        source: Schema.Union([
          Schema.Struct({
            type: Schema.Literal("base64"),
            media_type: Schema.Literal("application/pdf"),
            data: Schema.String
          }),
          Schema.Struct({ type: Schema.Literal("text"), media_type: Schema.Literal("text/plain"), data: Schema.String })
        ])
      })
    }),
    Schema.Struct({ type: Schema.Literal("web_fetch_tool_result_error"), error_code: Schema.String })
  ])
})
const WebSearchToolResultBlock = Schema.Struct({
  type: Schema.Literal("web_search_tool_result"),
  tool_use_id: Schema.String,
  caller: Schema.optionalKey(ToolCallCaller),
  content: Schema.Union([
    Schema.Array(Schema.Struct({
      type: Schema.Literal("web_search_result"),
      url: Schema.String,
      title: Schema.NullOr(Schema.String),
      encrypted_content: Schema.String,
      page_age: nullishKey(Schema.String)
    })),
    Schema.Struct({ type: Schema.Literal("web_search_tool_result_error"), error_code: Schema.String })
  ])
})
const CodeExecutionToolResultBlock = Schema.Struct({
  type: Schema.Literal("code_execution_tool_result"),
  tool_use_id: Schema.String,
  content: Schema.Union([
    Schema.Struct({
      type: Schema.Literal("code_execution_result"),
      stdout: Schema.String,
      stderr: Schema.String,
      return_code: Schema.Number,
      content: Schema.optionalKey(codeExecutionOutputs("code_execution_output"))
    }),
    Schema.Struct({
      type: Schema.Literal("encrypted_code_execution_result"),
      encrypted_stdout: Schema.String,
      stderr: Schema.String,
      return_code: Schema.Number,
      content: Schema.optionalKey(codeExecutionOutputs("code_execution_output"))
    }),
    Schema.Struct({ type: Schema.Literal("code_execution_tool_result_error"), error_code: Schema.String })
  ])
})
const BashCodeExecutionToolResultBlock = Schema.Struct({
  type: Schema.Literal("bash_code_execution_tool_result"),
  tool_use_id: Schema.String,
  content: Schema.Union([
    Schema.Struct({
      type: Schema.Literal("bash_code_execution_result"),
      content: codeExecutionOutputs("bash_code_execution_output"),
      stdout: Schema.String,
      stderr: Schema.String,
      return_code: Schema.Number
    }),
    Schema.Struct({ type: Schema.Literal("bash_code_execution_tool_result_error"), error_code: Schema.String })
  ])
})
const TextEditorCodeExecutionToolResultBlock = Schema.Struct({
  type: Schema.Literal("text_editor_code_execution_tool_result"),
  tool_use_id: Schema.String,
  content: Schema.Union([
    Schema.Struct({ type: Schema.Literal("text_editor_code_execution_tool_result_error"), error_code: Schema.String }),
    Schema.Struct({
      type: Schema.Literal("text_editor_code_execution_view_result"),
      content: Schema.String,
      file_type: Schema.String,
      num_lines: Schema.NullOr(Schema.Number),
      start_line: Schema.NullOr(Schema.Number),
      total_lines: Schema.NullOr(Schema.Number)
    }),
    Schema.Struct({ type: Schema.Literal("text_editor_code_execution_create_result"), is_file_update: Schema.Boolean }),
    Schema.Struct({
      type: Schema.Literal("text_editor_code_execution_str_replace_result"),
      lines: Schema.NullOr(Schema.Array(Schema.String)),
      new_lines: Schema.NullOr(Schema.Number),
      new_start: Schema.NullOr(Schema.Number),
      old_lines: Schema.NullOr(Schema.Number),
      old_start: Schema.NullOr(Schema.Number)
    })
  ])
})
const ToolSearchToolResultBlock = Schema.Struct({
  type: Schema.Literal("tool_search_tool_result"),
  tool_use_id: Schema.String,
  content: Schema.Union([
    Schema.Struct({
      type: Schema.Literal("tool_search_tool_search_result"),
      tool_references: Schema.Array(Schema.Struct({ type: Schema.Literal("tool_reference"), tool_name: Schema.String }))
    }),
    Schema.Struct({ type: Schema.Literal("tool_search_tool_result_error"), error_code: Schema.String })
  ])
})
const AdvisorToolResultBlock = Schema.Struct({
  type: Schema.Literal("advisor_tool_result"),
  tool_use_id: Schema.String,
  content: Schema.Union([
    Schema.Struct({ type: Schema.Literal("advisor_result"), text: Schema.String, stop_reason: nullishKey(Schema.String) }),
    Schema.Struct({
      type: Schema.Literal("advisor_redacted_result"),
      encrypted_content: Schema.String,
      stop_reason: nullishKey(Schema.String)
    }),
    Schema.Struct({ type: Schema.Literal("advisor_tool_result_error"), error_code: Schema.String })
  ])
})

/**
 * A server-side fallback marker block (`from` → `to` model).
 *
 * @since 0.1.0
 * @category schemas
 */
export const FallbackBlock = Schema.Struct({
  type: Schema.Literal("fallback"),
  from: Schema.Struct({ model: Schema.String }),
  to: Schema.Struct({ model: Schema.String })
})

const resultBlocks = [
  McpToolUseBlock,
  McpToolResultBlock,
  WebFetchToolResultBlock,
  WebSearchToolResultBlock,
  CodeExecutionToolResultBlock,
  BashCodeExecutionToolResultBlock,
  TextEditorCodeExecutionToolResultBlock,
  ToolSearchToolResultBlock
] as const

/**
 * A content block of a non-streamed response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponseContentBlock = Schema.Union([
  TextBlock,
  ThinkingBlock,
  RedactedThinkingBlock,
  CompactionBlock,
  Schema.Struct({
    type: Schema.Literal("tool_use"),
    id: Schema.String,
    name: Schema.String,
    input: Schema.optionalKey(Schema.Unknown),
    caller: Schema.optionalKey(ToolCallCaller),
    toolset_name: nullishKey(Schema.String)
  }),
  ServerToolUseBlock,
  ...resultBlocks,
  Schema.Struct({ type: Schema.Literal("container_upload"), file_id: Schema.String }),
  AdvisorToolResultBlock,
  FallbackBlock
])

/**
 * A content block of a non-streamed response.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponseContentBlock = typeof ResponseContentBlock.Type

/**
 * The non-streamed messages response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MessagesResponse = Schema.Struct({
  type: Schema.Literal("message"),
  id: nullishKey(Schema.String),
  model: nullishKey(Schema.String),
  content: Schema.Array(ResponseContentBlock),
  stop_reason: nullishKey(Schema.String),
  stop_sequence: nullishKey(Schema.String),
  service_tier: nullishKey(Schema.String),
  stop_details: nullishKey(StopDetails),
  input_transformations: nullishKey(Schema.Array(InputTransformation)),
  safeguard_results: nullishKey(Schema.Array(SafeguardResult)),
  usage: looseUsage({
    service_tier: nullishKey(Schema.String),
    input_tokens: Schema.Number,
    output_tokens: Schema.Number,
    output_tokens_details: OutputTokensDetails,
    cache_creation_input_tokens: nullishKey(Schema.Number),
    cache_read_input_tokens: nullishKey(Schema.Number),
    iterations: nullishKey(Schema.Array(Iteration))
  }),
  container: nullishKey(ContainerWithSkills),
  context_management: nullishKey(ContextManagement)
})

/**
 * The non-streamed messages response.
 *
 * @since 0.1.0
 * @category models
 */
export type MessagesResponse = typeof MessagesResponse.Type

/**
 * A content block announced by `content_block_start`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StreamContentBlock = Schema.Union([
  Schema.Struct({ type: Schema.Literal("text"), text: Schema.String }),
  Schema.Struct({ type: Schema.Literal("thinking"), thinking: Schema.String }),
  Schema.Struct({
    type: Schema.Literal("tool_use"),
    id: Schema.String,
    name: Schema.String,
    input: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
    caller: Schema.optionalKey(ToolCallCaller),
    toolset_name: nullishKey(Schema.String)
  }),
  RedactedThinkingBlock,
  CompactionBlock,
  ServerToolUseBlock,
  ...resultBlocks,
  AdvisorToolResultBlock,
  FallbackBlock
])

/**
 * A content block announced by `content_block_start`.
 *
 * @since 0.1.0
 * @category models
 */
export type StreamContentBlock = typeof StreamContentBlock.Type

/**
 * A delta of `content_block_delta`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ContentBlockDelta = Schema.Union([
  Schema.Struct({ type: Schema.Literal("input_json_delta"), partial_json: Schema.String }),
  Schema.Struct({ type: Schema.Literal("text_delta"), text: Schema.String }),
  Schema.Struct({ type: Schema.Literal("thinking_delta"), thinking: Schema.String }),
  Schema.Struct({ type: Schema.Literal("signature_delta"), signature: Schema.String }),
  Schema.Struct({ type: Schema.Literal("compaction_delta"), content: nullishKey(Schema.String) }),
  Schema.Struct({ type: Schema.Literal("citations_delta"), citation: Citation })
])

/**
 * One server-sent event of the messages stream.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StreamEvent = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("message_start"),
    message: Schema.Struct({
      id: nullishKey(Schema.String),
      model: nullishKey(Schema.String),
      role: nullishKey(Schema.String),
      service_tier: nullishKey(Schema.String),
      usage: looseUsage({
        service_tier: nullishKey(Schema.String),
        input_tokens: Schema.Number,
        cache_creation_input_tokens: nullishKey(Schema.Number),
        cache_read_input_tokens: nullishKey(Schema.Number)
      }),
      content: nullishKey(Schema.Array(Schema.Struct({
        type: Schema.Literal("tool_use"),
        id: Schema.String,
        name: Schema.String,
        input: Schema.optionalKey(Schema.Unknown),
        caller: Schema.optionalKey(ToolCallCaller),
        toolset_name: nullishKey(Schema.String)
      }))),
      stop_reason: nullishKey(Schema.String),
      input_transformations: nullishKey(Schema.Array(InputTransformation)),
      container: nullishKey(Schema.Struct({ expires_at: Schema.String, id: Schema.String }))
    })
  }),
  Schema.Struct({ type: Schema.Literal("content_block_start"), index: Schema.Number, content_block: StreamContentBlock }),
  Schema.Struct({ type: Schema.Literal("content_block_delta"), index: Schema.Number, delta: ContentBlockDelta }),
  Schema.Struct({ type: Schema.Literal("content_block_stop"), index: Schema.Number }),
  Schema.Struct({
    type: Schema.Literal("error"),
    error: Schema.Struct({
      type: Schema.String,
      message: Schema.String,
      code: nullishKey(Schema.Union([Schema.String, Schema.Number])),
      statusCode: nullishKey(Schema.Number),
      isRetryable: nullishKey(Schema.Boolean),
      data: Schema.optionalKey(Schema.Unknown)
    })
  }),
  Schema.Struct({
    type: Schema.Literal("message_delta"),
    delta: Schema.Struct({
      stop_reason: nullishKey(Schema.String),
      stop_sequence: nullishKey(Schema.String),
      stop_details: nullishKey(StopDetails),
      safeguard_results: nullishKey(Schema.Array(SafeguardResult)),
      container: nullishKey(ContainerWithSkills)
    }),
    usage: looseUsage({
      service_tier: nullishKey(Schema.String),
      input_tokens: nullishKey(Schema.Number),
      output_tokens: Schema.Number,
      output_tokens_details: OutputTokensDetails,
      cache_creation_input_tokens: nullishKey(Schema.Number),
      cache_read_input_tokens: nullishKey(Schema.Number),
      iterations: nullishKey(Schema.Array(Iteration))
    }),
    input_transformations: nullishKey(Schema.Array(InputTransformation)),
    context_management: nullishKey(ContextManagement)
  }),
  Schema.Struct({ type: Schema.Literal("message_stop") }),
  Schema.Struct({ type: Schema.Literal("ping") })
])

/**
 * One server-sent event of the messages stream.
 *
 * @since 0.1.0
 * @category models
 */
export type StreamEvent = typeof StreamEvent.Type

/**
 * The error body of a failed request.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorBody = Schema.Struct({
  type: Schema.Literal("error"),
  error: Schema.Struct({
    type: Schema.String,
    message: Schema.String,
    details: caught(Schema.Struct({
      error_code: caught(Schema.String),
      unsupported: caught(Schema.Array(Schema.String))
    }))
  })
})

/**
 * Reasoning metadata carried in provider options (`signature` or `redactedData`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningMetadata = Schema.Struct({
  signature: Schema.optionalKey(Schema.String),
  redactedData: Schema.optionalKey(Schema.String)
})

/**
 * A content block of the request (plain JSON, keys as the API names them).
 *
 * @since 0.1.0
 * @category models
 */
export type RequestBlock = { readonly type: string; [key: string]: unknown }
