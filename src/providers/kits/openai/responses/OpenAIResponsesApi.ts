/**
 * Wire schemas of the OpenAI Responses API: the stream events, the response
 * body and their output items (ports of upstream's zod schemas in
 * `@ai-sdk/openai` `responses/openai-responses-api.ts`).
 *
 * Like zod objects, the structs strip unknown keys; `nullish` fields accept
 * `null` or an absent key. The usage object keeps every key (upstream
 * intersects it with a JSON record). Events are decoded per type
 * (`chunkSchemas`): a type upstream does not model becomes an
 * `unknown_chunk`, a modeled one that fails its schema is a validation error.
 * One module for the whole wire format, as upstream's (1.9k lines there): the
 * output items are shared by the events and the response body.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { UnknownRecord } from "../../../../contract/Json.ts"
import { nullishKey } from "../../../../contract/Fields.ts"

const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)
const Str = Schema.String
const Num = Schema.Number

const PromptCacheDiagnostics = Schema.Struct({
  type: Str,
  reason: nullishKey(Str),
  cache_missed_tokens: nullishKey(Num),
  comparison_reusable_tokens: nullishKey(Num)
})

/**
 * @since 0.1.0
 * @category models
 */
export type PromptCacheDiagnostics = typeof PromptCacheDiagnostics.Type

const withRest = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Unknown)])

/**
 * Token usage of a response (every key kept, as upstream's JSON-record intersection).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Usage = withRest({
  input_tokens: Num,
  input_tokens_details: nullishKey(withRest({
    cached_tokens: nullishKey(Num),
    cache_write_tokens: nullishKey(Num),
    cache_write_tokens_details: nullishKey(withRest({ ttl_30m_tokens: nullishKey(Num), ttl_12h_tokens: nullishKey(Num) })),
    orchestration_input_tokens: nullishKey(Num),
    orchestration_input_cached_tokens: nullishKey(Num)
  })),
  output_tokens: Num,
  output_tokens_details: nullishKey(withRest({ reasoning_tokens: nullishKey(Num), orchestration_output_tokens: nullishKey(Num) })),
  total_tokens: optional(Num)
})

/**
 * @since 0.1.0
 * @category models
 */
export type Usage = typeof Usage.Type

const Keys = nullishKey(Schema.Array(Str))

/**
 * A computer-use action.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ComputerAction = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("click"),
    button: Schema.Literals(["left", "right", "wheel", "back", "forward"]),
    x: Num,
    y: Num,
    keys: Keys
  }),
  Schema.Struct({ type: Schema.Literal("double_click"), x: Num, y: Num, keys: Keys }),
  Schema.Struct({
    type: Schema.Literal("drag"),
    path: Schema.Array(Schema.Struct({ x: Num, y: Num })),
    keys: Keys
  }),
  Schema.Struct({ type: Schema.Literal("keypress"), keys: Schema.Array(Str) }),
  Schema.Struct({ type: Schema.Literal("move"), x: Num, y: Num, keys: Keys }),
  Schema.Struct({ type: Schema.Literal("screenshot") }),
  Schema.Struct({
    type: Schema.Literal("scroll"),
    x: Num,
    y: Num,
    scroll_x: Num,
    scroll_y: Num,
    keys: Keys
  }),
  Schema.Struct({ type: Schema.Literal("type"), text: Str }),
  Schema.Struct({ type: Schema.Literal("wait") })
])

/**
 * @since 0.1.0
 * @category models
 */
export type ComputerAction = typeof ComputerAction.Type

const ItemStatus = Schema.Literals(["in_progress", "completed", "incomplete"])

const ComputerCall = Schema.Struct({
  type: Schema.Literal("computer_call"),
  id: Str,
  call_id: nullishKey(Str),
  status: ItemStatus,
  action: nullishKey(ComputerAction),
  actions: nullishKey(Schema.Array(ComputerAction)),
  pending_safety_checks: nullishKey(
    Schema.Array(Schema.Struct({ id: Str, code: nullishKey(Str), message: nullishKey(Str) }))
  )
})

/**
 * @since 0.1.0
 * @category models
 */
export type ComputerCall = typeof ComputerCall.Type

const ToolCaller = Schema.Union([
  Schema.Struct({ type: Schema.Literal("direct") }),
  Schema.Struct({ type: Schema.Literal("program"), caller_id: Str })
])

const Program = Schema.Struct({
  type: Schema.Literal("program"),
  id: Str,
  call_id: Str,
  code: Str,
  fingerprint: Str
})

const ProgramOutput = Schema.Struct({
  type: Schema.Literal("program_output"),
  id: Str,
  call_id: Str,
  result: Str,
  status: Schema.Literals(["completed", "incomplete"])
})

const LocalShellCall = Schema.Struct({
  type: Schema.Literal("local_shell_call"),
  id: Str,
  call_id: Str,
  action: Schema.Struct({
    type: Schema.Literal("exec"),
    command: Schema.Array(Str),
    timeout_ms: Schema.optional(Num),
    user: Schema.optional(Str),
    working_directory: Schema.optional(Str),
    env: Schema.optional(Schema.Record(Schema.String, Schema.String))
  })
})

const CodeInterpreterOutputs = Schema.NullOr(Schema.Array(Schema.Union([
  Schema.Struct({ type: Schema.Literal("logs"), logs: Str }),
  Schema.Struct({ type: Schema.Literal("image"), url: Str })
])))

const ApplyPatchOperation = Schema.Union([
  Schema.Struct({ type: Schema.Literal("create_file"), path: Str, diff: Str }),
  Schema.Struct({ type: Schema.Literal("delete_file"), path: Str }),
  Schema.Struct({ type: Schema.Literal("update_file"), path: Str, diff: Str })
])

const ApplyPatchCall = Schema.Struct({
  type: Schema.Literal("apply_patch_call"),
  id: Str,
  call_id: Str,
  status: Schema.Literals(["in_progress", "completed"]),
  operation: ApplyPatchOperation
})

const ShellCall = Schema.Struct({
  type: Schema.Literal("shell_call"),
  id: Str,
  call_id: Str,
  status: ItemStatus,
  action: Schema.Struct({
    commands: Schema.Array(Str),
    timeout_ms: nullishKey(Num),
    max_output_length: nullishKey(Num)
  })
})

const ShellCallOutput = Schema.Struct({
  type: Schema.Literal("shell_call_output"),
  id: Str,
  call_id: Str,
  status: ItemStatus,
  max_output_length: nullishKey(Num),
  output: Schema.Array(Schema.Struct({
    stdout: Str,
    stderr: Str,
    outcome: Schema.Union([
      Schema.Struct({ type: Schema.Literal("timeout") }),
      Schema.Struct({ type: Schema.Literal("exit"), exit_code: Num })
    ])
  }))
})

const Execution = Schema.Literals(["server", "client"])

const ToolSearchCall = Schema.Struct({
  type: Schema.Literal("tool_search_call"),
  id: Str,
  execution: Execution,
  call_id: Schema.NullOr(Str),
  status: ItemStatus,
  arguments: Schema.optionalKey(Schema.Unknown)
})

const ToolSearchOutput = Schema.Struct({
  type: Schema.Literal("tool_search_output"),
  id: Str,
  execution: Execution,
  call_id: Schema.NullOr(Str),
  status: ItemStatus,
  tools: Schema.Array(UnknownRecord)
})

const McpError = nullishKey(Schema.Union([
  Str,
  withRest({ type: optional(Str), code: optional(Schema.Union([Num, Str])), message: optional(Str) })
]))

const McpCall = Schema.Struct({
  type: Schema.Literal("mcp_call"),
  id: Str,
  status: Str,
  arguments: Str,
  name: Str,
  server_label: Str,
  output: nullishKey(Str),
  error: McpError,
  approval_request_id: nullishKey(Str)
})

const McpListTools = Schema.Struct({
  type: Schema.Literal("mcp_list_tools"),
  id: Str,
  server_label: Str,
  tools: Schema.Array(Schema.Struct({
    name: Str,
    description: optional(Str),
    input_schema: Schema.optionalKey(Schema.Unknown),
    annotations: optional(UnknownRecord)
  })),
  error: Schema.optionalKey(Schema.Union([
    Str,
    withRest({ type: optional(Str), code: optional(Schema.Union([Num, Str])), message: optional(Str) })
  ]))
})

const McpApprovalRequest = Schema.Struct({
  type: Schema.Literal("mcp_approval_request"),
  id: Str,
  server_label: Str,
  name: Str,
  arguments: Str,
  approval_request_id: optional(Str)
})

const WebSearchSource = Schema.Union([
  Schema.Struct({ type: Schema.Literal("url"), url: Str }),
  Schema.Struct({ type: Schema.Literal("api"), name: Str })
])

/**
 * The action of a web search call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const WebSearchAction = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("search"),
    query: nullishKey(Str),
    queries: nullishKey(Schema.Array(Str)),
    sources: nullishKey(Schema.Array(WebSearchSource))
  }),
  Schema.Struct({ type: Schema.Literal("open_page"), url: nullishKey(Str) }),
  Schema.Struct({ type: Schema.Literal("find_in_page"), url: nullishKey(Str), pattern: nullishKey(Str) })
])

/**
 * @since 0.1.0
 * @category models
 */
export type WebSearchAction = typeof WebSearchAction.Type

const WebSearchCall = Schema.Struct({
  type: Schema.Literal("web_search_call"),
  id: Str,
  status: Str,
  action: nullishKey(WebSearchAction)
})

const FileSearchCall = Schema.Struct({
  type: Schema.Literal("file_search_call"),
  id: Str,
  queries: Schema.Array(Str),
  results: nullishKey(Schema.Array(Schema.Struct({
    attributes: Schema.Record(Schema.String, Schema.Union([Str, Num, Schema.Boolean])),
    file_id: Str,
    filename: Str,
    score: Num,
    text: Str
  })))
})

const CodeInterpreterCall = Schema.Struct({
  type: Schema.Literal("code_interpreter_call"),
  id: Str,
  code: Schema.NullOr(Str),
  container_id: Str,
  outputs: CodeInterpreterOutputs
})

const ImageGenerationCall = Schema.Struct({ type: Schema.Literal("image_generation_call"), id: Str, result: Str })

const Phase = nullishKey(Schema.Literals(["commentary", "final_answer"]))

/**
 * A text annotation.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Annotation = Schema.Union([
  Schema.Struct({ type: Schema.Literal("url_citation"), start_index: Num, end_index: Num, url: Str, title: Str }),
  Schema.Struct({ type: Schema.Literal("file_citation"), file_id: Str, filename: Str, index: Num }),
  Schema.Struct({
    type: Schema.Literal("container_file_citation"),
    container_id: Str,
    file_id: Str,
    filename: Str,
    start_index: Num,
    end_index: Num
  }),
  Schema.Struct({ type: Schema.Literal("file_path"), file_id: Str, index: Num })
])

/**
 * @since 0.1.0
 * @category models
 */
export type Annotation = typeof Annotation.Type

const Logprobs = Schema.Array(Schema.Struct({
  token: Str,
  logprob: Num,
  top_logprobs: Schema.Array(Schema.Struct({ token: Str, logprob: Num }))
}))

/**
 * @since 0.1.0
 * @category models
 */
export type Logprobs = typeof Logprobs.Type

const FunctionCallFields = {
  type: Schema.Literal("function_call"),
  id: Str,
  call_id: Str,
  name: Str,
  arguments: Str,
  async: nullishKey(Schema.Boolean)
} as const

// Output items of `response.output_item.added`.
const AddedItem = Schema.Union([
  Schema.Struct({ type: Schema.Literal("message"), id: Str, phase: Phase }),
  Schema.Struct({ type: Schema.Literal("reasoning"), id: Str, encrypted_content: nullishKey(Str) }),
  Schema.Struct({ ...FunctionCallFields, namespace: nullishKey(Str), caller: nullishKey(ToolCaller) }),
  Program,
  ProgramOutput,
  Schema.Struct({ type: Schema.Literal("web_search_call"), id: Str, status: Str }),
  ComputerCall,
  Schema.Struct({ type: Schema.Literal("file_search_call"), id: Str }),
  LocalShellCall,
  Schema.Struct({ type: Schema.Literal("image_generation_call"), id: Str }),
  Schema.Struct({
    type: Schema.Literal("code_interpreter_call"),
    id: Str,
    container_id: Str,
    code: Schema.NullOr(Str),
    outputs: CodeInterpreterOutputs,
    status: Str
  }),
  Schema.Struct({ type: Schema.Literal("mcp_call"), id: Str, status: Str, approval_request_id: nullishKey(Str) }),
  Schema.Struct({ type: Schema.Literal("mcp_list_tools"), id: Str }),
  Schema.Struct({ type: Schema.Literal("mcp_approval_request"), id: Str }),
  ApplyPatchCall,
  Schema.Struct({
    type: Schema.Literal("custom_tool_call"),
    id: Str,
    call_id: Str,
    name: Str,
    input: Str,
    async: nullishKey(Schema.Boolean)
  }),
  ShellCall,
  Schema.Struct({ type: Schema.Literal("compaction"), id: Str, encrypted_content: nullishKey(Str) }),
  ShellCallOutput,
  ToolSearchCall,
  ToolSearchOutput
])

// Output items of `response.output_item.done`.
const DoneItem = Schema.Union([
  Schema.Struct({ type: Schema.Literal("message"), id: Str, phase: Phase }),
  Schema.Struct({ type: Schema.Literal("reasoning"), id: Str, encrypted_content: nullishKey(Str) }),
  Schema.Struct({
    ...FunctionCallFields,
    status: ItemStatus,
    namespace: nullishKey(Str),
    caller: nullishKey(ToolCaller)
  }),
  Program,
  ProgramOutput,
  Schema.Struct({
    type: Schema.Literal("custom_tool_call"),
    id: Str,
    call_id: Str,
    name: Str,
    input: Str,
    async: nullishKey(Schema.Boolean),
    status: Schema.Literal("completed")
  }),
  CodeInterpreterCall,
  ImageGenerationCall,
  WebSearchCall,
  FileSearchCall,
  LocalShellCall,
  ComputerCall,
  McpCall,
  McpListTools,
  McpApprovalRequest,
  ApplyPatchCall,
  ShellCall,
  Schema.Struct({ type: Schema.Literal("compaction"), id: Str, encrypted_content: Str }),
  ShellCallOutput,
  ToolSearchCall,
  ToolSearchOutput
])

const FinishedResponse = {
  prompt_cache_diagnostics: nullishKey(PromptCacheDiagnostics),
  incomplete_details: nullishKey(Schema.Struct({ reason: Str })),
  usage: nullishKey(Usage),
  reasoning: nullishKey(Schema.Struct({ context: nullishKey(Str) })),
  service_tier: nullishKey(Str)
} as const

const CreatedResponse = Schema.Struct({ id: Str, created_at: Num, model: Str, service_tier: nullishKey(Str) })

/**
 * The Schema of each stream event type upstream models (one schema per
 * `type`; the two `error` shapes are tried in upstream's order).
 *
 * @since 0.1.0
 * @category constants
 */
export const chunkSchemas = {
  "response.output_text.delta": Schema.Struct({ type: Schema.Literal("response.output_text.delta"),
    item_id: Str,
    output_index: nullishKey(Num),
    delta: Str,
    logprobs: nullishKey(Logprobs)
  }),
  "response.refusal.delta": Schema.Struct({ type: Schema.Literal("response.refusal.delta"),
    item_id: Str,
    output_index: nullishKey(Num),
    content_index: nullishKey(Num),
    delta: Str
  }),
  "response.refusal.done": Schema.Struct({ type: Schema.Literal("response.refusal.done"),
    item_id: Str,
    output_index: nullishKey(Num),
    content_index: nullishKey(Num),
    refusal: Str
  }),
  "response.completed": Schema.Struct({ type: Schema.Literal("response.completed"), response: Schema.Struct(FinishedResponse) }),
  "response.incomplete": Schema.Struct({ type: Schema.Literal("response.incomplete"), response: Schema.Struct(FinishedResponse) }),
  "response.failed": Schema.Struct({ type: Schema.Literal("response.failed"),
    sequence_number: Num,
    response: Schema.Struct({
      prompt_cache_diagnostics: nullishKey(PromptCacheDiagnostics),
      error: nullishKey(Schema.Struct({ code: nullishKey(Str), message: Str })),
      incomplete_details: nullishKey(Schema.Struct({ reason: Str })),
      usage: nullishKey(Usage),
      reasoning: nullishKey(Schema.Struct({ context: nullishKey(Str) })),
      service_tier: nullishKey(Str)
    })
  }),
  "response.created": Schema.Struct({ type: Schema.Literal("response.created"), response: CreatedResponse }),
  "response.in_progress": Schema.Struct({ type: Schema.Literal("response.in_progress"), response: CreatedResponse }),
  "response.output_item.added": Schema.Struct({ type: Schema.Literal("response.output_item.added"), output_index: Num, item: AddedItem }),
  "response.output_item.done": Schema.Struct({ type: Schema.Literal("response.output_item.done"), output_index: Num, item: DoneItem }),
  "response.function_call_arguments.delta": Schema.Struct({ type: Schema.Literal("response.function_call_arguments.delta"),
    item_id: Str,
    output_index: Num,
    delta: Str
  }),
  "response.function_call_arguments.done": Schema.Struct({ type: Schema.Literal("response.function_call_arguments.done"),
    item_id: Str,
    output_index: Num,
    arguments: Str
  }),
  "response.custom_tool_call_input.delta": Schema.Struct({ type: Schema.Literal("response.custom_tool_call_input.delta"),
    item_id: Str,
    output_index: Num,
    delta: Str
  }),
  "response.image_generation_call.partial_image": Schema.Struct({ type: Schema.Literal("response.image_generation_call.partial_image"),
    item_id: Str,
    output_index: Num,
    partial_image_b64: Str
  }),
  "response.code_interpreter_call_code.delta": Schema.Struct({ type: Schema.Literal("response.code_interpreter_call_code.delta"),
    item_id: Str,
    output_index: Num,
    delta: Str
  }),
  "response.code_interpreter_call_code.done": Schema.Struct({ type: Schema.Literal("response.code_interpreter_call_code.done"),
    item_id: Str,
    output_index: Num,
    code: Str
  }),
  "response.output_text.annotation.added": Schema.Struct({ type: Schema.Literal("response.output_text.annotation.added"),
    annotation: Annotation
  }),
  "response.reasoning_summary_part.added": Schema.Struct({ type: Schema.Literal("response.reasoning_summary_part.added"),
    item_id: Str,
    output_index: nullishKey(Num),
    summary_index: Num
  }),
  "response.reasoning_summary_text.delta": Schema.Struct({ type: Schema.Literal("response.reasoning_summary_text.delta"),
    item_id: Str,
    output_index: nullishKey(Num),
    summary_index: Num,
    delta: Str
  }),
  "response.reasoning_summary_part.done": Schema.Struct({ type: Schema.Literal("response.reasoning_summary_part.done"),
    item_id: Str,
    output_index: nullishKey(Num),
    summary_index: Num
  }),
  "response.apply_patch_call_operation_diff.delta": Schema.Struct({ type: Schema.Literal("response.apply_patch_call_operation_diff.delta"),
    item_id: Str,
    output_index: Num,
    delta: Str,
    obfuscation: nullishKey(Str)
  }),
  "response.apply_patch_call_operation_diff.done": Schema.Struct({ type: Schema.Literal("response.apply_patch_call_operation_diff.done"),
    item_id: Str,
    output_index: Num,
    diff: Str
  }),
  error: Schema.Union([
    // The nested shape OpenAI sent for an early insufficient_quota after HTTP 200.
    Schema.Struct({ type: Schema.Literal("error"),
      sequence_number: Num,
      error: Schema.Struct({ type: Str, code: nullishKey(Str), message: Str, param: nullishKey(Str) })
    }),
    // The documented ResponseErrorEvent.
    Schema.Struct({ type: Schema.Literal("error"), sequence_number: Num, code: nullishKey(Str), message: Str, param: nullishKey(Str) })
  ])
} as const

type ChunkSchemas = typeof chunkSchemas

/**
 * A decoded stream event, or an event type upstream does not model.
 *
 * @since 0.1.0
 * @category models
 */
export type Chunk =
  | { [K in keyof ChunkSchemas]: ChunkSchemas[K]["Type"] }[keyof ChunkSchemas]
  | { readonly type: "unknown_chunk"; readonly message: string }

/**
 * @since 0.1.0
 * @category models
 */
export type AddedItem = typeof AddedItem.Type
/**
 * @since 0.1.0
 * @category models
 */
export type DoneItem = typeof DoneItem.Type

/**
 * Output item types both output-item events model (upstream
 * `openaiResponsesModeledOutputItemTypes`).
 *
 * @since 0.1.0
 * @category constants
 */
export const modeledOutputItemTypes: ReadonlySet<string> = new Set([
  "apply_patch_call",
  "code_interpreter_call",
  "compaction",
  "computer_call",
  "custom_tool_call",
  "file_search_call",
  "function_call",
  "image_generation_call",
  "local_shell_call",
  "mcp_approval_request",
  "mcp_call",
  "mcp_list_tools",
  "message",
  "program",
  "program_output",
  "reasoning",
  "shell_call",
  "shell_call_output",
  "tool_search_call",
  "tool_search_output",
  "web_search_call"
])

const MessageContent = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("output_text"),
    text: Str,
    logprobs: nullishKey(Logprobs),
    annotations: Schema.Array(Annotation)
  }),
  Schema.Struct({ type: Schema.Literal("refusal"), refusal: Str })
])

const ResponseOutputItem = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("message"),
    role: Schema.Literal("assistant"),
    id: Str,
    phase: Phase,
    content: Schema.Array(MessageContent)
  }),
  WebSearchCall,
  FileSearchCall,
  CodeInterpreterCall,
  ImageGenerationCall,
  LocalShellCall,
  Schema.Struct({
    type: Schema.Literal("function_call"),
    call_id: Str,
    name: Str,
    arguments: Str,
    id: Str,
    async: nullishKey(Schema.Boolean),
    namespace: nullishKey(Str),
    caller: nullishKey(ToolCaller)
  }),
  Program,
  ProgramOutput,
  Schema.Struct({
    type: Schema.Literal("custom_tool_call"),
    call_id: Str,
    name: Str,
    input: Str,
    id: Str,
    async: nullishKey(Schema.Boolean)
  }),
  ComputerCall,
  Schema.Struct({
    type: Schema.Literal("reasoning"),
    id: Str,
    encrypted_content: nullishKey(Str),
    summary: Schema.Array(Schema.Struct({ type: Schema.Literal("summary_text"), text: Str }))
  }),
  McpCall,
  McpListTools,
  McpApprovalRequest,
  ApplyPatchCall,
  ShellCall,
  Schema.Struct({ type: Schema.Literal("compaction"), id: Str, encrypted_content: Str }),
  ShellCallOutput,
  ToolSearchCall,
  ToolSearchOutput
])

/**
 * @since 0.1.0
 * @category models
 */
export type ResponseOutputItem = typeof ResponseOutputItem.Type

/**
 * The body of a non-streamed response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Response = Schema.Struct({
  id: optional(Str),
  created_at: optional(Num),
  error: nullishKey(Schema.Struct({ message: Str, type: Str, param: nullishKey(Str), code: Str })),
  model: optional(Str),
  output: optional(Schema.Array(ResponseOutputItem)),
  service_tier: nullishKey(Str),
  prompt_cache_diagnostics: nullishKey(PromptCacheDiagnostics),
  reasoning: nullishKey(Schema.Struct({ context: nullishKey(Str) })),
  incomplete_details: nullishKey(Schema.Struct({ reason: Str })),
  usage: nullishKey(Usage)
})

/**
 * @since 0.1.0
 * @category models
 */
export type Response = typeof Response.Type
