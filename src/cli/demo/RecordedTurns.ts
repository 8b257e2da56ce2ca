/**
 * The demo's recorded conversation (`./recorded/`) as replay-server scripts,
 * one per provider, with the checks that make the replay prove the agent loop:
 * the first request must offer both tools as a streamed call and carry no tool
 * results; the second must send back both tool calls and exactly the results
 * the tools produce (`./recorded/expected-tool-results.json`).
 *
 * @since 0.1.0
 */
import { readFileSync } from "node:fs"
import { Exit, Schema } from "effect"
import type { Script } from "../../testing/ReplayServer.ts"

/**
 * The providers the demo can replay, by their `aimux stream` ids.
 *
 * @since 0.1.0
 * @category models
 */
export type DemoProvider = "openai-chat" | "anthropic"

/** The recordings' file-name prefix and key in `expected-tool-results.json`. */
const recordingName = (provider: DemoProvider): "openai" | "anthropic" => provider === "openai-chat" ? "openai" : provider

// shipped with the CLI (copied next to the built module by `npm run build`)
const fixtures = new URL("./recorded/", import.meta.url)

const fixture = (name: string): string => readFileSync(new URL(name, fixtures), "utf8")

/** What the checks need from a request, whatever the provider's wire format. */
interface RequestView {
  readonly streamed: boolean
  readonly usageRequested: boolean
  readonly toolNames: ReadonlyArray<string>
  readonly toolCalls: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly toolResults: ReadonlyArray<{ readonly id: string; readonly content: unknown }>
}

const ToolName = Schema.Struct({ function: Schema.Struct({ name: Schema.String }) })

const OpenAIMessage = Schema.Union([
  Schema.Struct({ role: Schema.Literal("tool"), tool_call_id: Schema.String, content: Schema.String }),
  Schema.Struct({
    role: Schema.Literal("assistant"),
    tool_calls: Schema.optionalKey(Schema.Array(Schema.Struct({ id: Schema.String, function: Schema.Struct({ name: Schema.String }) })))
  }),
  Schema.Struct({ role: Schema.String })
])

const OpenAIRequest = Schema.Struct({
  stream: Schema.optionalKey(Schema.Boolean),
  stream_options: Schema.optionalKey(Schema.Struct({ include_usage: Schema.optionalKey(Schema.Boolean) })),
  tools: Schema.optionalKey(Schema.Array(ToolName)),
  messages: Schema.Array(OpenAIMessage)
})

const AnthropicBlock = Schema.Union([
  Schema.Struct({ type: Schema.Literal("tool_use"), id: Schema.String, name: Schema.String }),
  Schema.Struct({ type: Schema.Literal("tool_result"), tool_use_id: Schema.String, content: Schema.Unknown }),
  Schema.Struct({ type: Schema.String })
])

const AnthropicRequest = Schema.Struct({
  stream: Schema.optionalKey(Schema.Boolean),
  tools: Schema.optionalKey(Schema.Array(Schema.Struct({ name: Schema.String }))),
  messages: Schema.Array(Schema.Struct({ role: Schema.String, content: Schema.Union([Schema.String, Schema.Array(AnthropicBlock)]) }))
})

const decodeOpenAI = Schema.decodeUnknownExit(OpenAIRequest)
const decodeAnthropic = Schema.decodeUnknownExit(AnthropicRequest)

const parseToolContent = (content: unknown): unknown => {
  const text = typeof content === "string"
    ? content
    : Array.isArray(content)
    ? content.map((block: unknown) =>
      typeof block === "object" && block !== null && "text" in block && typeof block.text === "string" ? block.text : ""
    ).join("")
    : undefined
  if (text === undefined) return content
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const openAIView = (body: unknown): RequestView | string => {
  const exit = decodeOpenAI(body)
  if (Exit.isFailure(exit)) return "not a chat completions request"
  const request = exit.value
  const view: {
    toolCalls: Array<{ id: string; name: string }>
    toolResults: Array<{ id: string; content: unknown }>
  } = { toolCalls: [], toolResults: [] }
  for (const message of request.messages) {
    if ("tool_call_id" in message) view.toolResults.push({ id: message.tool_call_id, content: parseToolContent(message.content) })
    else if ("tool_calls" in message) {
      for (const call of message.tool_calls ?? []) view.toolCalls.push({ id: call.id, name: call.function.name })
    }
  }
  return {
    streamed: request.stream === true,
    usageRequested: request.stream_options?.include_usage === true,
    toolNames: (request.tools ?? []).map((tool) => tool.function.name),
    ...view
  }
}

const anthropicView = (body: unknown): RequestView | string => {
  const exit = decodeAnthropic(body)
  if (Exit.isFailure(exit)) return "not a messages request"
  const request = exit.value
  const view: {
    toolCalls: Array<{ id: string; name: string }>
    toolResults: Array<{ id: string; content: unknown }>
  } = { toolCalls: [], toolResults: [] }
  for (const message of request.messages) {
    if (typeof message.content === "string") continue
    for (const block of message.content) {
      if ("tool_use_id" in block) view.toolResults.push({ id: block.tool_use_id, content: parseToolContent(block.content) })
      else if ("id" in block) view.toolCalls.push({ id: block.id, name: block.name })
    }
  }
  return {
    streamed: request.stream === true,
    // Anthropic always streams usage
    usageRequested: true,
    toolNames: (request.tools ?? []).map((tool) => tool.name),
    ...view
  }
}

/** JSON with sorted keys, so two values compare by content. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0))
      : v)

const ExpectedResults = Schema.Record(
  Schema.String,
  Schema.Array(Schema.Struct({ toolCallId: Schema.String, toolName: Schema.String, output: Schema.Unknown }))
)

type Expected = ReadonlyArray<{ readonly toolCallId: string; readonly toolName: string; readonly output: unknown }>

const firstTurnProblem = (view: RequestView): string | undefined => {
  if (!view.streamed) return "expected a streamed request (stream: true)"
  if (!view.usageRequested) return "expected stream_options.include_usage"
  for (const name of ["weather", "calculator"]) {
    if (!view.toolNames.includes(name)) return `expected the tool '${name}' (got: ${view.toolNames.join(", ") || "none"})`
  }
  if (view.toolResults.length > 0) return "the first turn must not carry tool results"
  return undefined
}

const secondTurnProblem = (view: RequestView, expected: Expected | undefined): string | undefined => {
  if (expected === undefined || expected.length === 0) {
    return "recorded/expected-tool-results.json has no expected results for this provider"
  }
  const first = firstTurnProblem({ ...view, toolResults: [] })
  if (first !== undefined) return first
  for (const { output, toolCallId, toolName } of expected) {
    if (!view.toolCalls.some((call) => call.id === toolCallId && call.name === toolName)) {
      return `the assistant's tool call ${toolCallId} (${toolName}) is missing`
    }
    const result = view.toolResults.find((r) => r.id === toolCallId)
    if (result === undefined) return `no tool result for ${toolCallId} (${toolName})`
    if (canonical(result.content) !== canonical(output)) {
      return `the result for ${toolCallId} (${toolName}) is ${JSON.stringify(result.content)}, expected ${JSON.stringify(output)}`
    }
  }
  if (view.toolResults.length !== expected.length) {
    return `expected ${expected.length} tool results, got ${view.toolResults.length}`
  }
  return undefined
}

const checked = (viewOf: (body: unknown) => RequestView | string, problem: (view: RequestView) => string | undefined) =>
(body: unknown): string | undefined => {
  const view = viewOf(body)
  return typeof view === "string" ? view : problem(view)
}

const expectedFor = (provider: DemoProvider): Expected | undefined => {
  let json: unknown
  try {
    json = JSON.parse(fixture("expected-tool-results.json"))
  } catch {
    return undefined
  }
  const decoded = Schema.decodeUnknownExit(ExpectedResults)(json)
  return Exit.isSuccess(decoded) ? decoded.value[recordingName(provider)] : undefined
}

/**
 * The replay script of a provider: its API path, the two recorded turns with
 * their checks, and its error body format.
 *
 * @since 0.1.0
 * @category cli
 */
export const script = (provider: DemoProvider, eventDelayMs: number): Script => {
  const expected = expectedFor(provider)
  const viewOf = provider === "openai-chat" ? openAIView : anthropicView
  return {
    path: provider === "openai-chat" ? "/v1/chat/completions" : "/v1/messages",
    eventDelayMs,
    exchanges: [
      { check: checked(viewOf, firstTurnProblem), sse: fixture(`${recordingName(provider)}-1-tool-calls.sse`) },
      { check: checked(viewOf, (view) => secondTurnProblem(view, expected)), sse: fixture(`${recordingName(provider)}-2-answer.sse`) }
    ],
    errorBody: (message) =>
      provider === "openai-chat"
        ? { error: { message, type: "invalid_request_error", param: null, code: null } }
        : { type: "error", error: { type: "invalid_request_error", message } }
  }
}
