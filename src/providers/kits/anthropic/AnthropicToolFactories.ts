/**
 * Anthropic's provider tool factories with their versions (upstream `anthropic.tools.*`,
 * `@ai-sdk/anthropic` `src/tool/`), shared by the Anthropic provider and its hosts (Vertex,
 * Bedrock): each returns the provider tool upstream's factory returns (id, args, execution side,
 * deferred results) with the input Schema the model's calls are validated by. The client tools
 * (bash, computer, text editor, memory, computer toolset) get their `execute` through
 * `Tool.provider({ ...tool, execute })`; upstream's default sandbox `execute` for bash is not
 * ported (aimux has no sandbox session).
 *
 * The outputs of the code-execution tools (20250825, 20260120) are typed `unknown`: they are
 * results the provider returns and the model reads, never validated (as upstream).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as Factory from "../../../provider-utils/ProviderToolFactory.ts"

const Str = Schema.String
const Num = Schema.Number
const Int = Schema.Int
const opt = <S extends Schema.Top>(schema: S) => Schema.optional(schema)
const Empty = Schema.Struct({})
const Pair = Schema.Tuple([Int, Int])

// ---- client tools: inputs ----

/** `anthropic.bash_*` input. @since 0.1.0 @category schemas */
export const BashInput = Schema.Struct({ command: Str, restart: opt(Schema.Boolean) })

/** `anthropic.computer_20241022` input. @since 0.1.0 @category schemas */
export const Computer20241022Input = Schema.Struct({
  action: Schema.Literals(["key", "type", "mouse_move", "left_click", "left_click_drag", "right_click", "middle_click", "double_click", "screenshot", "cursor_position"]),
  coordinate: opt(Schema.Array(Int)),
  text: opt(Str)
})

const actions2025 = [
  "key", "hold_key", "type", "cursor_position", "mouse_move", "left_mouse_down", "left_mouse_up", "left_click",
  "left_click_drag", "right_click", "middle_click", "double_click", "triple_click", "scroll", "wait", "screenshot"
] as const
const ScrollDirection = Schema.Literals(["up", "down", "left", "right"])

/** `anthropic.computer_20250124` input. @since 0.1.0 @category schemas */
export const Computer20250124Input = Schema.Struct({
  action: Schema.Literals(actions2025),
  coordinate: opt(Pair),
  duration: opt(Num),
  scroll_amount: opt(Num),
  scroll_direction: opt(ScrollDirection),
  start_coordinate: opt(Pair),
  text: opt(Str)
})

/** `anthropic.computer_20251124` input. @since 0.1.0 @category schemas */
export const Computer20251124Input = Schema.Struct({
  action: Schema.Literals([...actions2025, "zoom"]),
  coordinate: opt(Pair),
  duration: opt(Num),
  region: opt(Schema.Tuple([Int, Int, Int, Int])),
  scroll_amount: opt(Num),
  scroll_direction: opt(ScrollDirection),
  start_coordinate: opt(Pair),
  text: opt(Str)
})

/** The members of `anthropic.computer_toolset_20260801`. @since 0.1.0 @category schemas */
export const computerToolsetMembers = [
  "screenshot", "zoom", "left_click", "right_click", "middle_click", "double_click", "triple_click", "left_click_drag",
  "mouse_move", "left_mouse_down", "left_mouse_up", "cursor_position", "scroll", "type", "key", "hold_key", "wait"
] as const

type ToolsetMember = typeof computerToolsetMembers[number]
type ToolsetConfigs = Partial<Record<ToolsetMember, { readonly enabled?: boolean; readonly deferLoading?: boolean }>>

/**
 * `anthropic.computer_toolset_20260801` input: the actions are the members the configs leave
 * enabled (as upstream).
 *
 * @since 0.1.0
 * @category schemas
 */
export const computerToolsetInput = (configs?: ToolsetConfigs) =>
  Schema.Struct({
    action: Schema.Literals(computerToolsetMembers.filter((member) => configs?.[member]?.enabled !== false)),
    coordinate: opt(Pair),
    duration: opt(Num),
    region: opt(Schema.Tuple([Int, Int, Int, Int])),
    repeat: opt(Int),
    scroll_amount: opt(Num),
    scroll_direction: opt(ScrollDirection),
    start_coordinate: opt(Pair),
    text: opt(Str)
  })

/** A `anthropic.computer_toolset_20260801` call's input. @since 0.1.0 @category schemas */
export type ComputerToolsetInput = ReturnType<typeof computerToolsetInput>["Type"]

const editorFields = {
  path: Str,
  file_text: opt(Str),
  insert_line: opt(Int),
  new_str: opt(Str),
  insert_text: opt(Str),
  old_str: opt(Str),
  view_range: opt(Schema.Array(Int))
}

/** `anthropic.text_editor_20241022` / `_20250124` input. @since 0.1.0 @category schemas */
export const TextEditorUndoInput = Schema.Struct({
  command: Schema.Literals(["view", "create", "str_replace", "insert", "undo_edit"]),
  ...editorFields
})

/** `anthropic.text_editor_20250429` / `_20250728` input. @since 0.1.0 @category schemas */
export const TextEditorInput = Schema.Struct({ command: Schema.Literals(["view", "create", "str_replace", "insert"]), ...editorFields })

/** `anthropic.memory_20250818` input. @since 0.1.0 @category schemas */
export const MemoryInput = Schema.Union([
  Schema.Struct({ command: Schema.Literal("view"), path: Str, view_range: opt(Schema.Tuple([Num, Num])) }),
  Schema.Struct({ command: Schema.Literal("create"), path: Str, file_text: Str }),
  Schema.Struct({ command: Schema.Literal("str_replace"), path: Str, old_str: Str, new_str: Str }),
  Schema.Struct({ command: Schema.Literal("insert"), path: Str, insert_line: Num, insert_text: Str }),
  Schema.Struct({ command: Schema.Literal("delete"), path: Str }),
  Schema.Struct({ command: Schema.Literal("rename"), old_path: Str, new_path: Str })
])

// ---- provider-executed tools: inputs and outputs ----

/** `anthropic.web_search_*` input. @since 0.1.0 @category schemas */
export const WebSearchInput = Schema.Struct({ query: Str })

/** `anthropic.web_search_*` output. @since 0.1.0 @category schemas */
export const WebSearchOutput = Schema.Array(Schema.Struct({
  url: Str,
  title: Schema.NullOr(Str),
  pageAge: Schema.NullOr(Str),
  encryptedContent: Str,
  type: Schema.Literal("web_search_result")
}))

/** `anthropic.web_fetch_*` input. @since 0.1.0 @category schemas */
export const WebFetchInput = Schema.Struct({ url: Str })

/** `anthropic.web_fetch_*` output. @since 0.1.0 @category schemas */
export const WebFetchOutput = Schema.Struct({
  type: Schema.Literal("web_fetch_result"),
  url: Str,
  content: Schema.Struct({
    type: Schema.Literal("document"),
    title: Schema.NullOr(Str),
    citations: opt(Schema.Struct({ enabled: Schema.Boolean })),
    source: Schema.Union([
      Schema.Struct({ type: Schema.Literal("base64"), mediaType: Schema.Literal("application/pdf"), data: Str }),
      Schema.Struct({ type: Schema.Literal("text"), mediaType: Schema.Literal("text/plain"), data: Str })
    ])
  }),
  retrievedAt: Schema.NullOr(Str)
})

/** `anthropic.code_execution_20250522` input. @since 0.1.0 @category schemas */
export const CodeExecution20250522Input = Schema.Struct({ code: Str })

/** `anthropic.code_execution_20250522` output. @since 0.1.0 @category schemas */
export const CodeExecution20250522Output = Schema.Struct({
  type: Schema.Literal("code_execution_result"),
  stdout: Str,
  stderr: Str,
  return_code: Num,
  content: opt(Schema.Array(Schema.Struct({ type: Schema.Literal("code_execution_output"), file_id: Str })))
})

/** `anthropic.code_execution_20250825` / `_20260120` input. @since 0.1.0 @category schemas */
export const CodeExecutionInput = Schema.Union([
  Schema.Struct({ type: Schema.Literal("programmatic-tool-call"), code: Str }),
  Schema.Struct({ type: Schema.Literal("bash_code_execution"), command: Str }),
  Schema.Struct({ type: Schema.Literal("text_editor_code_execution"), command: Schema.Literal("view"), path: Str }),
  Schema.Struct({ type: Schema.Literal("text_editor_code_execution"), command: Schema.Literal("create"), path: Str, file_text: opt(Schema.NullOr(Str)) }),
  Schema.Struct({ type: Schema.Literal("text_editor_code_execution"), command: Schema.Literal("str_replace"), path: Str, old_str: Str, new_str: Str })
])

/** `anthropic.tool_search_*` output. @since 0.1.0 @category schemas */
export const ToolSearchOutput = Schema.Array(Schema.Struct({ type: Schema.Literal("tool_reference"), toolName: Str }))

/** `anthropic.tool_search_bm25_20251119` input. @since 0.1.0 @category schemas */
export const ToolSearchBm25Input = Schema.Struct({ query: Str, limit: opt(Num) })

/** `anthropic.tool_search_regex_20251119` input. @since 0.1.0 @category schemas */
export const ToolSearchRegexInput = Schema.Struct({ pattern: Str, limit: opt(Num) })

/** `anthropic.advisor_20260301` output. @since 0.1.0 @category schemas */
export const AdvisorOutput = Schema.Union([
  Schema.Struct({ type: Schema.Literal("advisor_result"), text: Str, stopReason: opt(Str) }),
  Schema.Struct({ type: Schema.Literal("advisor_redacted_result"), encryptedContent: Str, stopReason: opt(Str) }),
  Schema.Struct({ type: Schema.Literal("advisor_tool_result_error"), errorCode: Str })
])

// ---- args ----

/** Args of the computer tools. @since 0.1.0 @category schemas */
export interface ComputerArgs {
  readonly displayWidthPx: number
  readonly displayHeightPx: number
  readonly displayNumber?: number
}

/** Args of `anthropic.web_search_*` (`responseInclusion` from 20260318). @since 0.1.0 @category schemas */
export interface WebSearchArgs {
  readonly maxUses?: number
  readonly allowedDomains?: ReadonlyArray<string>
  readonly blockedDomains?: ReadonlyArray<string>
  readonly userLocation?: {
    readonly type: "approximate"
    readonly city?: string
    readonly region?: string
    readonly country?: string
    readonly timezone?: string
  }
}

/** Args of `anthropic.web_fetch_*` (`useCache` and `responseInclusion` from 20260318). @since 0.1.0 @category schemas */
export interface WebFetchArgs {
  readonly maxUses?: number
  readonly allowedDomains?: ReadonlyArray<string>
  readonly blockedDomains?: ReadonlyArray<string>
  readonly citations?: { readonly enabled: boolean }
  readonly maxContentTokens?: number
}

/** Args of `anthropic.advisor_20260301`. @since 0.1.0 @category schemas */
export interface AdvisorArgs {
  readonly model: string
  readonly maxUses?: number
  readonly maxTokens?: number
  readonly caching?: { readonly type: "ephemeral"; readonly ttl: "5m" | "1h" }
}

type Inclusion = { readonly responseInclusion?: "full" | "excluded" }

// upstream's `(args = {}) => factory(args)`: the empty args are given where their type is known
const withDefault = <A extends object, I, O>(make: (args: A) => Factory.ProviderToolDefinition<I, O>, empty: A) => (args: A = empty) =>
  make(args)

// ---- factories ----

/** Bash (2024-10-22), run by the client. @since 0.1.0 @category tools */
export const bash_20241022 = withDefault(Factory.defined<{}, typeof BashInput.Type>({ id: "anthropic.bash_20241022", inputSchema: BashInput }), {})
/** Bash (2025-01-24), run by the client. @since 0.1.0 @category tools */
export const bash_20250124 = withDefault(Factory.defined<{}, typeof BashInput.Type>({ id: "anthropic.bash_20250124", inputSchema: BashInput }), {})

/** Computer use (2024-10-22), run by the client. @since 0.1.0 @category tools */
export const computer_20241022 = Factory.defined<ComputerArgs, typeof Computer20241022Input.Type>({
  id: "anthropic.computer_20241022",
  inputSchema: Computer20241022Input
})
/** Computer use (2025-01-24), run by the client. @since 0.1.0 @category tools */
export const computer_20250124 = Factory.defined<ComputerArgs, typeof Computer20250124Input.Type>({
  id: "anthropic.computer_20250124",
  inputSchema: Computer20250124Input
})
/** Computer use (2025-11-24, with zoom), run by the client. @since 0.1.0 @category tools */
export const computer_20251124 = Factory.defined<ComputerArgs & { readonly enableZoom?: boolean }, typeof Computer20251124Input.Type>({
  id: "anthropic.computer_20251124",
  inputSchema: Computer20251124Input
})
/** The computer toolset (2026-08-01), run by the client. @since 0.1.0 @category tools */
export const computerToolset_20260801 = (args: { readonly configs?: ToolsetConfigs }) =>
  Factory.defined<{ readonly configs?: ToolsetConfigs }, ComputerToolsetInput>({
    id: "anthropic.computer_toolset_20260801",
    inputSchema: computerToolsetInput(args.configs)
  })(args)

/** Text editor (2024-10-22), run by the client. @since 0.1.0 @category tools */
export const textEditor_20241022 = withDefault(Factory.defined<{}, typeof TextEditorUndoInput.Type>({ id: "anthropic.text_editor_20241022", inputSchema: TextEditorUndoInput }), {})
/** Text editor (2025-01-24), run by the client. @since 0.1.0 @category tools */
export const textEditor_20250124 = withDefault(Factory.defined<{}, typeof TextEditorUndoInput.Type>({ id: "anthropic.text_editor_20250124", inputSchema: TextEditorUndoInput }), {})
/** Text editor (2025-04-29), run by the client. @since 0.1.0 @category tools */
export const textEditor_20250429 = withDefault(Factory.defined<{}, typeof TextEditorInput.Type>({ id: "anthropic.text_editor_20250429", inputSchema: TextEditorInput }), {})
/** Text editor (2025-07-28), run by the client. @since 0.1.0 @category tools */
export const textEditor_20250728 = withDefault(Factory.defined<{ readonly maxCharacters?: number }, typeof TextEditorInput.Type>({
  id: "anthropic.text_editor_20250728",
  inputSchema: TextEditorInput
}), {})

/** Memory (2025-08-18), run by the client. @since 0.1.0 @category tools */
export const memory_20250818 = withDefault(Factory.defined<{}, typeof MemoryInput.Type>({ id: "anthropic.memory_20250818", inputSchema: MemoryInput }), {})

/** Web search (2025-03-05). @since 0.1.0 @category tools */
export const webSearch_20250305 = withDefault(Factory.executed<WebSearchArgs, typeof WebSearchInput.Type, typeof WebSearchOutput.Type>({
  id: "anthropic.web_search_20250305",
  inputSchema: WebSearchInput,
  outputSchema: WebSearchOutput,
  supportsDeferredResults: true
}), {})
/** Web search (2026-02-09). @since 0.1.0 @category tools */
export const webSearch_20260209 = withDefault(Factory.executed<WebSearchArgs, typeof WebSearchInput.Type, typeof WebSearchOutput.Type>({
  id: "anthropic.web_search_20260209",
  inputSchema: WebSearchInput,
  outputSchema: WebSearchOutput,
  supportsDeferredResults: true
}), {})
/** Web search (2026-03-18). @since 0.1.0 @category tools */
export const webSearch_20260318 = withDefault(Factory.executed<WebSearchArgs & Inclusion, typeof WebSearchInput.Type, typeof WebSearchOutput.Type>({
  id: "anthropic.web_search_20260318",
  inputSchema: WebSearchInput,
  outputSchema: WebSearchOutput,
  supportsDeferredResults: true
}), {})

/** Web fetch (2025-09-10). @since 0.1.0 @category tools */
export const webFetch_20250910 = withDefault(Factory.executed<WebFetchArgs, typeof WebFetchInput.Type, typeof WebFetchOutput.Type>({
  id: "anthropic.web_fetch_20250910",
  inputSchema: WebFetchInput,
  outputSchema: WebFetchOutput,
  supportsDeferredResults: true
}), {})
/** Web fetch (2026-02-09). @since 0.1.0 @category tools */
export const webFetch_20260209 = withDefault(Factory.executed<WebFetchArgs, typeof WebFetchInput.Type, typeof WebFetchOutput.Type>({
  id: "anthropic.web_fetch_20260209",
  inputSchema: WebFetchInput,
  outputSchema: WebFetchOutput,
  supportsDeferredResults: true
}), {})
/** Web fetch (2026-03-18). @since 0.1.0 @category tools */
export const webFetch_20260318 = withDefault(Factory.executed<WebFetchArgs & Inclusion & { readonly useCache?: boolean }, typeof WebFetchInput.Type, typeof WebFetchOutput.Type>({
  id: "anthropic.web_fetch_20260318",
  inputSchema: WebFetchInput,
  outputSchema: WebFetchOutput,
  supportsDeferredResults: true
}), {})

/** Code execution (2025-05-22). @since 0.1.0 @category tools */
export const codeExecution_20250522 = withDefault(Factory.executed<{}, typeof CodeExecution20250522Input.Type, typeof CodeExecution20250522Output.Type>({
  id: "anthropic.code_execution_20250522",
  inputSchema: CodeExecution20250522Input,
  outputSchema: CodeExecution20250522Output
}), {})
/** Code execution (2025-08-25: bash and file edits; results may be deferred). @since 0.1.0 @category tools */
export const codeExecution_20250825 = withDefault(Factory.executed<{}, typeof CodeExecutionInput.Type, unknown>({
  id: "anthropic.code_execution_20250825",
  inputSchema: CodeExecutionInput,
  supportsDeferredResults: true
}), {})
/** Code execution (2026-01-20). @since 0.1.0 @category tools */
export const codeExecution_20260120 = withDefault(Factory.executed<{}, typeof CodeExecutionInput.Type, unknown>({
  id: "anthropic.code_execution_20260120",
  inputSchema: CodeExecutionInput,
  supportsDeferredResults: true
}), {})

/** Tool search with BM25 (2025-11-19). @since 0.1.0 @category tools */
export const toolSearchBm25_20251119 = withDefault(Factory.executed<{}, typeof ToolSearchBm25Input.Type, typeof ToolSearchOutput.Type>({
  id: "anthropic.tool_search_bm25_20251119",
  inputSchema: ToolSearchBm25Input,
  outputSchema: ToolSearchOutput,
  supportsDeferredResults: true
}), {})
/** Tool search with a regex (2025-11-19). @since 0.1.0 @category tools */
export const toolSearchRegex_20251119 = withDefault(Factory.executed<{}, typeof ToolSearchRegexInput.Type, typeof ToolSearchOutput.Type>({
  id: "anthropic.tool_search_regex_20251119",
  inputSchema: ToolSearchRegexInput,
  outputSchema: ToolSearchOutput,
  supportsDeferredResults: true
}), {})

/** The advisor (2026-03-01): a second model the main model consults. @since 0.1.0 @category tools */
export const advisor_20260301 = Factory.executed<AdvisorArgs, {}, typeof AdvisorOutput.Type>({
  id: "anthropic.advisor_20260301",
  inputSchema: Empty,
  outputSchema: AdvisorOutput,
  supportsDeferredResults: true
})
