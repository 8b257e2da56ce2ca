/**
 * Scripted model outputs shared by the interop tests, written as upstream values (they are aimux
 * values too: upstream types are assignable to the aimux ones).
 */
import type {
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage
} from "@ai-sdk/provider"

export const usage = (input: number, output: number): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
  raw: { prompt_tokens: input, completion_tokens: output }
})

const at0 = new Date(0)

/** Named stream scripts; each is one or more model calls (multi-step runs use the second). */
export const streamScenarios: ReadonlyArray<{
  readonly name: string
  readonly calls: ReadonlyArray<ReadonlyArray<LanguageModelV4StreamPart>>
}> = [
  {
    name: "text, reasoning, sources, metadata, warnings",
    calls: [[
      { type: "stream-start", warnings: [{ type: "other", message: "w" }, { type: "unsupported", feature: "topK" }] },
      { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
      { type: "reasoning-start", id: "r" },
      { type: "reasoning-delta", id: "r", delta: "think", providerMetadata: { p: { sig: "x" } } },
      { type: "reasoning-end", id: "r" },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: "Hel" },
      { type: "text-delta", id: "t", delta: "lo" },
      {
        type: "text-end",
        id: "t",
        citations: [{
          source: { type: "source", sourceType: "url", id: "s0", url: "https://example.com/c" },
          startIndex: 0,
          endIndex: 5
        }]
      },
      { type: "source", sourceType: "url", id: "s1", url: "https://example.com", title: "Ex" },
      { type: "source", sourceType: "document", id: "s2", mediaType: "application/pdf", title: "Doc" },
      { type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" } },
      {
        type: "finish",
        finishReason: { unified: "stop", raw: "end_turn" },
        usage: usage(3, 10),
        providerMetadata: { p: { a: 1, list: [1, 2] } }
      }
    ]]
  },
  {
    name: "streamed tool input, tool call executed by ai, second step",
    calls: [
      [
        { type: "stream-start", warnings: [] },
        { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
        { type: "tool-input-start", id: "c1", toolName: "weather" },
        { type: "tool-input-delta", id: "c1", delta: "{\"city\":" },
        { type: "tool-input-delta", id: "c1", delta: "\"Paris\"}" },
        { type: "tool-input-end", id: "c1" },
        { type: "tool-call", toolCallId: "c1", toolName: "weather", input: "{\"city\":\"Paris\"}" },
        { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage: usage(5, 7) }
      ],
      [
        { type: "stream-start", warnings: [] },
        { type: "response-metadata", id: "r2", modelId: "m1", timestamp: at0 },
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "Sunny in Paris" },
        { type: "text-end", id: "t" },
        { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: usage(9, 4) }
      ]
    ]
  },
  {
    name: "provider-executed tool, raw chunks, in-stream error part",
    calls: [[
      { type: "stream-start", warnings: [] },
      { type: "raw", rawValue: { some: "chunk" } },
      { type: "tool-call", toolCallId: "p1", toolName: "web_search", input: "{}", providerExecuted: true },
      {
        type: "tool-result",
        toolCallId: "p1",
        toolName: "web_search",
        result: { hits: [{ url: "https://example.com" }] }
      },
      { type: "error", error: { type: "server_error", message: "boom", code: 500 } },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: "ok" },
      { type: "text-end", id: "t" },
      { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: usage(1, 1) }
    ]]
  }
]

const content: Array<LanguageModelV4Content> = [
  { type: "reasoning", text: "think", providerMetadata: { p: { sig: "x" } } },
  {
    type: "text",
    text: "Hello",
    citations: [{ source: { type: "source", sourceType: "url", id: "s0", url: "https://example.com/c" } }]
  },
  { type: "source", sourceType: "url", id: "s1", url: "https://example.com", title: "Ex" },
  { type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" } }
]

/** Named generate scripts; one result per model call. */
export const generateScenarios: ReadonlyArray<{
  readonly name: string
  readonly calls: ReadonlyArray<LanguageModelV4GenerateResult>
}> = [
  {
    name: "content kinds, metadata, request/response info",
    calls: [{
      content,
      finishReason: { unified: "stop", raw: "stop" },
      usage: usage(3, 10),
      providerMetadata: { p: { a: 1 } },
      request: { url: "https://api.example.com/v1", body: { model: "m1" } },
      response: { id: "r1", modelId: "m1", timestamp: at0, headers: { "x-a": "1" }, body: { raw: true } },
      warnings: [{ type: "compatibility", feature: "seed", details: "ignored" }]
    }]
  },
  {
    name: "tool call executed by ai, then text",
    calls: [
      {
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: "{\"city\":\"Paris\"}" }],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage: usage(5, 7),
        response: { id: "r1", modelId: "m1", timestamp: at0 },
        warnings: []
      },
      {
        content: [{ type: "text", text: "Sunny in Paris" }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: usage(9, 4),
        response: { id: "r2", modelId: "m1", timestamp: at0 },
        warnings: []
      }
    ]
  }
]
