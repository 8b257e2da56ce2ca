/**
 * Call-option cases for the Responses request-body differential tests: every
 * call option and provider option upstream reads, the prompt conversion
 * (item references with `store`, reasoning with encrypted content, files,
 * images, tool calls and results of every tool kind) and the tools (function,
 * custom and every provider tool with its args).
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"

export interface CallCase {
  readonly name: string
  readonly modelId: string
  readonly options: LanguageModelV4CallOptions
}

type Prompt = LanguageModelV4CallOptions["prompt"]
type Tools = NonNullable<LanguageModelV4CallOptions["tools"]>

const hi: Prompt = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const pngBytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])
const weather = {
  type: "function" as const,
  name: "weather",
  description: "Get the weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false }
}

const provider = (id: `${string}.${string}`, name: string, args: Record<string, unknown> = {}) => ({
  type: "provider" as const,
  id,
  name,
  args
})

const allProviderTools: Tools = [
  provider("openai.web_search", "web_search", {
    externalWebAccess: true,
    filters: { allowedDomains: ["a.example"], blockedDomains: ["b.example"] },
    searchContextSize: "high",
    userLocation: { type: "approximate", country: "FR", city: "Paris", timezone: "Europe/Paris", extra: 1 }
  }),
  provider("openai.file_search", "file_search", {
    vectorStoreIds: ["vs_1"],
    maxNumResults: 5,
    ranking: { ranker: "auto", scoreThreshold: 0.5 },
    filters: { type: "and", filters: [{ key: "a", type: "eq", value: 1 }, { type: "or", filters: [{ key: "b", type: "in", value: ["x"] }] }] }
  }),
  provider("openai.code_interpreter", "code_interpreter", {
    container: { fileIds: ["file-1"], memoryLimit: "4g", networkPolicy: { type: "allowlist", allowedDomains: ["pypi.org"] } }
  }),
  provider("openai.image_generation", "image_generation", {
    action: "generate",
    background: "transparent",
    inputFidelity: "high",
    inputImageMask: { fileId: "file-m" },
    model: "gpt-image-1",
    moderation: "low",
    outputCompression: 50,
    outputFormat: "webp",
    partialImages: 2,
    quality: "high",
    size: "1024x1024"
  }),
  provider("openai.mcp", "mcp", {
    serverLabel: "dmcp",
    serverUrl: "https://mcp.example/sse",
    allowedTools: { readOnly: true, toolNames: ["roll"] },
    headers: { "x-key": "1" },
    requireApproval: { never: { toolNames: ["roll"] } },
    serverDescription: "dice"
  }),
  provider("openai.local_shell", "local_shell"),
  provider("openai.shell", "shell", {
    environment: { type: "containerAuto", fileIds: ["f"], memoryLimit: "1g", networkPolicy: { type: "disabled" } }
  }),
  provider("openai.apply_patch", "apply_patch"),
  provider("openai.computer", "computer"),
  provider("openai.tool_search", "tool_search", { execution: "client", description: "find tools", parameters: { type: "object" } }),
  provider("openai.custom", "write_sql", {
    description: "SQL",
    format: { type: "grammar", syntax: "lark", definition: "start: /.+/" }
  }),
  provider("openai.programmatic_tool_calling", "programmatic_tool_calling"),
  provider("openai.web_search_preview", "web_search_preview", { searchContextSize: "low" })
]

const conversation: Prompt = [
  { role: "system", content: "be brief" },
  { role: "user", content: [{ type: "text", text: "weather?" }] },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "thinking", providerOptions: { openai: { itemId: "rs_1", reasoningEncryptedContent: "enc1" } } },
      { type: "reasoning", text: "more", providerOptions: { openai: { itemId: "rs_1" } } },
      { type: "reasoning", text: "", providerOptions: { openai: { itemId: "rs_1", reasoningEncryptedContent: "enc2" } } },
      { type: "text", text: "Checking.", providerOptions: { openai: { itemId: "msg_1", phase: "commentary" } } },
      { type: "text", text: "Again.", providerOptions: { openai: { itemId: "msg_1" } } },
      { type: "tool-call", toolCallId: "call_1", toolName: "weather", input: { city: "Paris" }, providerOptions: { openai: { itemId: "fc_1" } } },
      { type: "tool-call", toolCallId: "call_2", toolName: "weather", input: "{\"city\":\"Rome\"}" },
      { type: "tool-call", toolCallId: "call_3", toolName: "weather", input: "not json" },
      { type: "reasoning", text: "foreign" }
    ]
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "call_1", toolName: "weather", output: { type: "json", value: { temp: 20 } } },
      { type: "tool-result", toolCallId: "call_2", toolName: "weather", output: { type: "text", value: "sunny" } },
      { type: "tool-result", toolCallId: "call_3", toolName: "weather", output: { type: "error-text", value: "bad" } },
      { type: "tool-result", toolCallId: "call_4", toolName: "weather", output: { type: "error-json", value: { e: 1 } } },
      { type: "tool-result", toolCallId: "call_5", toolName: "weather", output: { type: "execution-denied", reason: "no" } },
      { type: "tool-result", toolCallId: "call_6", toolName: "weather", output: { type: "execution-denied" } },
      {
        type: "tool-result",
        toolCallId: "call_7",
        toolName: "weather",
        output: {
          type: "content",
          value: [
            { type: "text", text: "see" },
            { type: "file", mediaType: "image/png", data: { type: "data", data: pngBytes } },
            { type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://x.example/a.png") }, providerOptions: { openai: { imageDetail: "high" } } },
            { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" }, filename: "a.pdf" },
            { type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("https://x.example/a.pdf") } },
            { type: "file", mediaType: "image/png", data: { type: "reference", reference: { openai: "file-img" } } },
            { type: "file", mediaType: "text/plain", data: { type: "text", text: "inline" } }
          ]
        }
      },
      {
        type: "tool-result",
        toolCallId: "call_8",
        toolName: "weather",
        output: { type: "text", value: "cached", providerOptions: { openai: { promptCacheBreakpoint: { mode: "x" } } } }
      }
    ]
  },
  { role: "assistant", content: [{ type: "text", text: "It is sunny." }] },
  { role: "user", content: [{ type: "text", text: "thanks", providerOptions: { openai: { promptCacheBreakpoint: { ttl: "5m" } } } }] }
]

const providerToolHistory: Prompt = [
  ...hi,
  {
    role: "assistant",
    content: [
      { type: "tool-call", toolCallId: "ws_1", toolName: "web_search", input: {}, providerExecuted: true, providerOptions: { openai: { itemId: "ws_1" } } },
      {
        type: "tool-result",
        toolCallId: "ws_1",
        toolName: "web_search",
        output: { type: "json", value: { action: { type: "search", query: "q" }, sources: [{ type: "url", url: "https://a.example" }] } }
      },
      { type: "tool-call", toolCallId: "ws_2", toolName: "web_search", input: {}, providerExecuted: true },
      { type: "tool-result", toolCallId: "ws_2", toolName: "web_search", output: { type: "json", value: { action: { type: "openPage", url: "https://a.example" } } } },
      { type: "tool-call", toolCallId: "ci_1", toolName: "code_interpreter", input: { code: "1", containerId: "c" }, providerExecuted: true, providerOptions: { openai: { itemId: "ci_1" } } },
      { type: "tool-result", toolCallId: "ci_1", toolName: "code_interpreter", output: { type: "json", value: { outputs: [] } }, providerOptions: { openai: { itemId: "ci_1" } } },
      { type: "tool-call", toolCallId: "call_ls", toolName: "local_shell", input: { action: { type: "exec", command: ["ls"], timeoutMs: 5, env: { A: "b" } } }, providerOptions: { openai: { itemId: "ls_1" } } },
      { type: "tool-call", toolCallId: "call_sh", toolName: "shell", input: { action: { commands: ["pwd"], timeoutMs: 10 } }, providerOptions: { openai: { itemId: "sh_1" } } },
      { type: "tool-call", toolCallId: "call_ap", toolName: "apply_patch", input: { callId: "call_ap", operation: { type: "create_file", path: "a.txt", diff: "+a" } }, providerOptions: { openai: { itemId: "ap_1" } } },
      {
        type: "tool-call",
        toolCallId: "call_cu",
        toolName: "computer",
        input: {
          actions: [{ type: "scroll", x: 1, y: 2, scrollX: 3, scrollY: 4 }, { type: "click", button: "left", x: 1, y: 1, keys: ["a"] }, { type: "wait" }],
          pendingSafetyChecks: [{ id: "sc", message: "m" }],
          status: "completed"
        },
        providerOptions: { openai: { itemId: "cu_1" } }
      },
      { type: "tool-call", toolCallId: "call_sql", toolName: "write_sql", input: "SELECT 1", providerOptions: { openai: { itemId: "ctc_1", async: true } } },
      { type: "tool-call", toolCallId: "call_ts", toolName: "tool_search", input: "{\"arguments\":{\"q\":1},\"call_id\":\"call_ts\"}", providerOptions: { openai: { itemId: "ts_1" } } },
      { type: "tool-call", toolCallId: "call_ts2", toolName: "tool_search", input: { arguments: { q: 2 } } },
      { type: "tool-result", toolCallId: "call_ts2", toolName: "tool_search", output: { type: "json", value: { tools: [{ type: "function", name: "weather" }] } } },
      { type: "tool-call", toolCallId: "call_pg", toolName: "programmatic_tool_calling", input: { code: "x", fingerprint: "fp" }, providerExecuted: true },
      { type: "tool-result", toolCallId: "call_pg", toolName: "programmatic_tool_calling", output: { type: "json", value: { result: "ok", status: "completed" } } },
      { type: "tool-call", toolCallId: "call_prog_child", toolName: "weather", input: {}, providerOptions: { openai: { caller: { type: "program", callerId: "call_pg" }, namespace: "ns", async: false } } },
      { type: "tool-result", toolCallId: "mcp_1", toolName: "mcp.roll", output: { type: "json", value: { type: "call" } } },
      { type: "custom", kind: "openai.compaction", providerOptions: { openai: { itemId: "cmp_1", encryptedContent: "ENC" } } }
    ]
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "call_ls", toolName: "local_shell", output: { type: "json", value: { output: "a.txt" } } },
      {
        type: "tool-result",
        toolCallId: "call_sh",
        toolName: "shell",
        output: { type: "json", value: { maxOutputLength: 10, output: [{ stdout: "/", stderr: "", outcome: { type: "exit", exitCode: 0 } }, { stdout: "", stderr: "", outcome: { type: "timeout" } }] } }
      },
      { type: "tool-result", toolCallId: "call_ap", toolName: "apply_patch", output: { type: "json", value: { status: "completed", output: "ok" } } },
      { type: "tool-result", toolCallId: "call_cu", toolName: "computer", output: { type: "json", value: { output: { type: "computer_screenshot", imageUrl: "data:image/png;base64,AA", detail: "high" }, acknowledgedSafetyChecks: [{ id: "sc" }] } } },
      { type: "tool-result", toolCallId: "call_sql", toolName: "write_sql", output: { type: "json", value: [1] } },
      { type: "tool-result", toolCallId: "call_sql2", toolName: "write_sql", output: { type: "content", value: [{ type: "text", text: "rows" }, { type: "file", mediaType: "image/png", data: { type: "reference", reference: { openai: "f" } } }] } },
      { type: "tool-result", toolCallId: "call_ts", toolName: "tool_search", output: { type: "json", value: { tools: [] } } },
      { type: "tool-result", toolCallId: "call_prog_child", toolName: "weather", output: { type: "json", value: 1 }, providerOptions: { openai: { caller: { type: "program", callerId: "call_pg" } } } },
      { type: "tool-approval-response", approvalId: "mcpr_1", approved: true },
      { type: "tool-approval-response", approvalId: "mcpr_1", approved: true },
      { type: "tool-result", toolCallId: "x", toolName: "mcp.roll", output: { type: "execution-denied", providerOptions: { openai: { approvalId: "mcpr_2" } } } }
    ]
  }
]


const wrapperInput = JSON.stringify({ tool_uses: [{ recipient_name: "functions.weather", parameters: { city: "A" } }, { recipient_name: "functions.weather", parameters: { city: "B" } }] })
const child = (index: number, withInput: boolean) => ({
  openai: {
    parallelToolCall: { itemId: "fc_p", toolCallId: "call_p", toolName: "parallel", ...(withInput ? { input: wrapperInput } : {}), index, count: 2 }
  }
})
const parallelHistory = (results: ReadonlyArray<number>): Prompt => [
  ...hi,
  {
    role: "assistant",
    content: [
      { type: "tool-call", toolCallId: "call_p_0", toolName: "weather", input: { city: "A" }, providerOptions: child(0, true) },
      { type: "tool-call", toolCallId: "call_p_1", toolName: "weather", input: { city: "B" }, providerOptions: child(1, false) }
    ]
  },
  {
    role: "tool",
    content: results.map((index) => ({
      type: "tool-result" as const,
      toolCallId: `call_p_${index}`,
      toolName: "weather",
      output: index === 0
        ? { type: "json" as const, value: { temp: 1 } }
        : { type: "text" as const, value: "warm", providerOptions: { openai: { promptCacheBreakpoint: { a: 1 } } } },
      providerOptions: child(index, index === 0)
    }))
  }
]

const jsonSchema = {
  type: "object",
  properties: { name: { type: "string", pattern: "^(?=a).*$" } },
  required: ["name"],
  additionalProperties: false,
  propertyNames: { pattern: "^[a-z]+$" }
}

export const callCases: ReadonlyArray<CallCase> = [
  { name: "parallel wrapper group, previous response id", modelId: "gpt-4.1", options: { prompt: parallelHistory([1, 0]), tools: [weather], providerOptions: { openai: { previousResponseId: "r" } } } },
  { name: "parallel wrapper group, conversation", modelId: "gpt-4.1", options: { prompt: parallelHistory([0, 1]), tools: [weather], providerOptions: { openai: { conversation: "c" } } } },
  { name: "parallel wrapper group without server state", modelId: "gpt-4.1", options: { prompt: parallelHistory([0, 1]), tools: [weather] } },
  { name: "parallel wrapper group incomplete", modelId: "gpt-4.1", options: { prompt: parallelHistory([0]), tools: [weather], providerOptions: { openai: { previousResponseId: "r" } } } },
  { name: "parallel wrapper group duplicate index", modelId: "gpt-4.1", options: { prompt: parallelHistory([0, 0]), tools: [weather], providerOptions: { openai: { previousResponseId: "r" } } } },
  { name: "plain text", modelId: "gpt-4.1-mini", options: { prompt: hi } },
  {
    name: "standard settings and unsupported ones",
    modelId: "gpt-4.1-mini",
    options: {
      prompt: [{ role: "system", content: "be brief" }, ...hi],
      maxOutputTokens: 100,
      temperature: 0.5,
      topP: 0.9,
      topK: 3,
      frequencyPenalty: 0.1,
      presencePenalty: 0.2,
      stopSequences: ["\n\n"],
      seed: 42,
      headers: { "x-custom": "1" }
    }
  },
  {
    name: "every provider option (non-reasoning model)",
    modelId: "gpt-4.1-mini",
    options: {
      prompt: hi,
      providerOptions: {
        openai: {
          conversation: "conv_1",
          previousResponseId: "resp_0",
          include: ["file_search_call.results"],
          instructions: "be nice",
          logprobs: 3,
          maxToolCalls: 4,
          metadata: { a: "b" },
          parallelToolCalls: false,
          promptCacheKey: "k",
          promptCacheOptions: { mode: "explicit", ttl: "30m", prewarm: true, comparisonResponseId: "resp_c" },
          promptCacheRetention: "24h",
          reasoningEffort: "low",
          reasoningSummary: "auto",
          reasoningMode: "pro",
          reasoningContext: "all_turns",
          safetyIdentifier: "sid",
          serviceTier: "priority",
          store: false,
          strictJsonSchema: false,
          textVerbosity: "low",
          truncation: "auto",
          user: "u1",
          contextManagement: [{ type: "compaction", compactThreshold: 1000 }],
          compactionTrigger: true
        }
      }
    }
  },
  {
    name: "reasoning model: effort, summary, store off, sampling removed",
    modelId: "gpt-5",
    options: {
      prompt: [{ role: "system", content: "sys" }, ...hi],
      temperature: 0.3,
      topP: 0.2,
      providerOptions: { openai: { reasoningEffort: "high", store: false, serviceTier: "flex", logprobs: true } }
    }
  },
  { name: "reasoning model: portable reasoning level", modelId: "gpt-5-mini", options: { prompt: hi, reasoning: "xhigh" } },
  { name: "reasoning model: reasoning none on gpt-5.1 keeps temperature", modelId: "gpt-5.1", options: { prompt: hi, reasoning: "none", temperature: 0.2 } },
  { name: "o-series with summary and mode", modelId: "o3", options: { prompt: hi, providerOptions: { openai: { reasoningSummary: "concise", reasoningMode: "standard", reasoningContext: "auto" } } } },
  { name: "gpt-6: logprobs removed, prompt cache retention dropped", modelId: "gpt-6", options: { prompt: hi, providerOptions: { openai: { logprobs: true, promptCacheRetention: "24h", reasoningEffortUpdate: "high" } } } },
  { name: "gpt-6: effort update unsupported value", modelId: "gpt-6", options: { prompt: hi, providerOptions: { openai: { reasoningEffortUpdate: "none" } } } },
  { name: "non-gpt-6 effort update warns", modelId: "gpt-5", options: { prompt: hi, providerOptions: { openai: { reasoningEffortUpdate: "high" } } } },
  { name: "flex and priority on unsupported models", modelId: "gpt-4o-mini", options: { prompt: hi, providerOptions: { openai: { serviceTier: "flex" } } } },
  { name: "priority on nano", modelId: "gpt-5-nano", options: { prompt: hi, providerOptions: { openai: { serviceTier: "priority" } } } },
  { name: "forceReasoning on unknown model", modelId: "my-model", options: { prompt: [{ role: "system", content: "s" }, ...hi], providerOptions: { openai: { forceReasoning: true, store: false } } } },
  { name: "system message mode remove", modelId: "gpt-4.1", options: { prompt: [{ role: "system", content: "s" }, ...hi], providerOptions: { openai: { systemMessageMode: "remove" } } } },
  { name: "system message with cache breakpoint as developer", modelId: "gpt-4.1", options: { prompt: [{ role: "system", content: "s", providerOptions: { openai: { promptCacheBreakpoint: { a: 1 } } } }, ...hi], providerOptions: { openai: { systemMessageMode: "developer" } } } },
  {
    name: "system message additional tools",
    modelId: "gpt-4.1",
    options: {
      prompt: [
        { role: "system", content: "", providerOptions: { openai: { additionalTools: [{ type: "function", name: "late", parameters: { type: "object" } }, { type: "custom", name: "c", format: { type: "text" } }] } } },
        ...hi
      ]
    }
  },
  { name: "message-level effort update unsupported", modelId: "gpt-5", options: { prompt: [{ role: "system", content: "", providerOptions: { openai: { reasoningEffortUpdate: "high" } } }, ...hi] } },
  { name: "message-level update on gpt-6", modelId: "gpt-6", options: { prompt: [{ role: "system", content: "", providerOptions: { openai: { reasoningEffortUpdate: "high", textFormatUpdate: { type: "text" } } } }, ...hi] } },
  { name: "message-level update with content", modelId: "gpt-6", options: { prompt: [{ role: "system", content: "x", providerOptions: { openai: { textFormatUpdate: { type: "text" } } } }, ...hi] } },
  {
    name: "user files and images",
    modelId: "gpt-4.1",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://example.com/a.png") } },
          { type: "file", mediaType: "image/png", data: { type: "data", data: pngBytes }, providerOptions: { openai: { imageDetail: "low", promptCacheBreakpoint: { x: 1 } } } },
          { type: "file", mediaType: "image/*", data: { type: "data", data: "iVBORw0KGgo=" } },
          { type: "file", mediaType: "image/png", data: { type: "data", data: "file-abc123" } },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" }, filename: "doc.pdf" },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" } },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "file-pdf1" } },
          { type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("https://example.com/a.pdf") } },
          { type: "file", mediaType: "image/png", data: { type: "reference", reference: { openai: "file-ref" } }, providerOptions: { openai: { imageDetail: "auto" } } },
          { type: "file", mediaType: "application/pdf", data: { type: "reference", reference: { openai: "file-ref2" } } }
        ]
      }]
    }
  },
  { name: "unsupported file media type", modelId: "gpt-4.1", options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "audio/wav", data: { type: "data", data: "UklGRg==" } }] }] } },
  { name: "pass through unsupported file", modelId: "gpt-4.1", options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/csv", data: { type: "data", data: "YSxi" } }] }], providerOptions: { openai: { passThroughUnsupportedFiles: true } } } },
  { name: "text file parts are unsupported", modelId: "gpt-4.1", options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/plain", data: { type: "text", text: "x" } }] }] } },
  { name: "missing provider reference", modelId: "gpt-4.1", options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "reference", reference: { anthropic: "f" } } }] }] } },
  { name: "conversation, store on (item references)", modelId: "gpt-4.1", options: { prompt: conversation, tools: [weather] } },
  { name: "conversation, store on, reasoning model", modelId: "gpt-5", options: { prompt: conversation, tools: [weather] } },
  { name: "conversation, store off", modelId: "gpt-4.1", options: { prompt: conversation, tools: [weather], providerOptions: { openai: { store: false } } } },
  { name: "conversation, store off, reasoning model", modelId: "o4-mini", options: { prompt: conversation, tools: [weather], providerOptions: { openai: { store: false } } } },
  { name: "conversation with conversation id", modelId: "gpt-4.1", options: { prompt: conversation, tools: [weather], providerOptions: { openai: { conversation: "conv_1" } } } },
  { name: "conversation with previous response id", modelId: "gpt-5", options: { prompt: conversation, tools: [weather], providerOptions: { openai: { previousResponseId: "resp_0" } } } },
  { name: "function tool output schema", modelId: "gpt-4.1", options: { prompt: conversation, tools: [{ ...weather, providerOptions: { openai: { outputSchema: { type: "object" }, deferLoading: true, allowedCallers: ["direct"] } } }] } },
  { name: "provider tools and their history, store on", modelId: "gpt-4.1", options: { prompt: providerToolHistory, tools: [weather, ...allProviderTools] } },
  { name: "provider tools and their history, store off", modelId: "gpt-4.1", options: { prompt: providerToolHistory, tools: [weather, ...allProviderTools], providerOptions: { openai: { store: false } } } },
  { name: "provider tools history, previous response id", modelId: "gpt-4.1", options: { prompt: providerToolHistory, tools: [weather, ...allProviderTools], providerOptions: { openai: { previousResponseId: "r" } } } },
  { name: "provider tools without their tool definitions", modelId: "gpt-4.1", options: { prompt: providerToolHistory, tools: [weather], providerOptions: { openai: { store: false } } } },
  { name: "web search sources include can be disabled", modelId: "gpt-4.1", options: { prompt: hi, tools: [provider("openai.web_search", "ws")], providerOptions: { openai: { includeWebSearchSources: false, include: ["reasoning.encrypted_content"] } } } },
  { name: "code interpreter defaults and string container", modelId: "gpt-4.1", options: { prompt: hi, tools: [provider("openai.code_interpreter", "ci"), provider("openai.code_interpreter", "ci2", { container: "cntr_1" })] } },
  { name: "shell environments", modelId: "gpt-4.1", options: { prompt: hi, tools: [provider("openai.shell", "shell", { environment: { type: "containerReference", containerId: "c1" } })] } },
  { name: "shell local skills", modelId: "gpt-4.1", options: { prompt: hi, tools: [provider("openai.shell", "shell", { environment: { skills: [{ name: "s", description: "d", path: "/p" }] } })] } },
  {
    name: "shell container skills",
    modelId: "gpt-4.1",
    options: {
      prompt: hi,
      tools: [provider("openai.shell", "shell", {
        environment: {
          type: "containerAuto",
          networkPolicy: { type: "allowlist", allowedDomains: ["a"], domainSecrets: [{ domain: "a", name: "K", value: "v" }] },
          skills: [{ type: "skillReference", providerReference: { openai: "sk_1" } }, { type: "inline", name: "n", description: "d", source: { type: "base64", mediaType: "application/zip", data: "UEs=" } }]
        }
      })]
    }
  },
  { name: "mcp with connector and always approval", modelId: "gpt-4.1", options: { prompt: hi, tools: [provider("openai.mcp", "mcp", { serverLabel: "x", connectorId: "connector_gmail", authorization: "tok", allowedTools: ["a"], requireApproval: "always" })] } },
  { name: "mcp args refine failure", modelId: "gpt-4.1", options: { prompt: hi, tools: [provider("openai.mcp", "mcp", { serverLabel: "x" })] } },
  { name: "image generation strict args failure", modelId: "gpt-4.1", options: { prompt: hi, tools: [provider("openai.image_generation", "ig", { unknownKey: 1 })] } },
  { name: "file search args failure", modelId: "gpt-4.1", options: { prompt: hi, tools: [provider("openai.file_search", "fs", {})] } },
  { name: "tool choice auto", modelId: "gpt-4.1", options: { prompt: hi, tools: [weather], toolChoice: { type: "auto" } } },
  { name: "tool choice none", modelId: "gpt-4.1", options: { prompt: hi, tools: [weather], toolChoice: { type: "none" } } },
  { name: "tool choice required", modelId: "gpt-4.1", options: { prompt: hi, tools: [weather], toolChoice: { type: "required" } } },
  { name: "tool choice function", modelId: "gpt-4.1", options: { prompt: hi, tools: [weather], toolChoice: { type: "tool", toolName: "weather" } } },
  { name: "tool choice provider tool", modelId: "gpt-4.1", options: { prompt: hi, tools: [weather, ...allProviderTools], toolChoice: { type: "tool", toolName: "web_search" } } },
  { name: "tool choice custom tool", modelId: "gpt-4.1", options: { prompt: hi, tools: [weather, ...allProviderTools], toolChoice: { type: "tool", toolName: "write_sql" } } },
  { name: "tool choice without tools", modelId: "gpt-4.1", options: { prompt: hi, toolChoice: { type: "required" } } },
  { name: "allowed tools", modelId: "gpt-4.1", options: { prompt: hi, tools: [weather, ...allProviderTools], providerOptions: { openai: { allowedTools: { toolNames: ["weather", "web_search", "mcp", "write_sql", "tool_search", "missing", "shell"], mode: "required" } } } } },
  { name: "allowed tools all dropped", modelId: "gpt-4.1", options: { prompt: hi, tools: [{ ...weather, providerOptions: { openai: { deferLoading: true } } }], providerOptions: { openai: { allowedTools: { toolNames: ["weather"] } } } } },
  { name: "namespaced function tools", modelId: "gpt-4.1", options: { prompt: hi, tools: [{ ...weather, providerOptions: { openai: { namespace: { name: "ns", description: "d" } } } }, { ...weather, name: "w2", providerOptions: { openai: { namespace: { name: "ns", description: "d" } } } }] } },
  { name: "namespace description conflict", modelId: "gpt-4.1", options: { prompt: hi, tools: [{ ...weather, providerOptions: { openai: { namespace: { name: "ns", description: "d" } } } }, { ...weather, name: "w2", providerOptions: { openai: { namespace: { name: "ns", description: "e" } } } }] } },
  { name: "omitted tool", modelId: "gpt-4.1", options: { prompt: hi, tools: [weather, { ...weather, name: "hist", providerOptions: { openai: { omitFromRequestTools: true } } }] } },
  { name: "forcing an omitted tool", modelId: "gpt-4.1", options: { prompt: hi, tools: [{ ...weather, providerOptions: { openai: { omitFromRequestTools: true } } }], toolChoice: { type: "tool", toolName: "weather" } } },
  { name: "async tools on gpt-4.1 warn", modelId: "gpt-4.1", options: { prompt: hi, tools: [{ ...weather, providerOptions: { openai: { async: true } } }, provider("openai.custom", "c", { async: true })] } },
  { name: "async tools on gpt-6", modelId: "gpt-6", options: { prompt: hi, tools: [{ ...weather, strict: true, providerOptions: { openai: { async: true } } }, provider("openai.custom", "c", { async: false })] } },
  { name: "json response format with schema", modelId: "gpt-4.1", options: { prompt: hi, responseFormat: { type: "json", schema: jsonSchema, name: "person", description: "a person" } } },
  { name: "json response format without schema", modelId: "gpt-4.1", options: { prompt: hi, responseFormat: { type: "json" }, providerOptions: { openai: { textVerbosity: "high", strictJsonSchema: false } } } },
  { name: "json schema not strict", modelId: "gpt-4.1", options: { prompt: hi, responseFormat: { type: "json", schema: { type: "object" } }, providerOptions: { openai: { strictJsonSchema: false } } } },
  { name: "text format option", modelId: "gpt-4.1", options: { prompt: hi, responseFormat: { type: "json", schema: { type: "object" } }, providerOptions: { openai: { textFormat: { type: "json_schema", name: "x_1", schema: jsonSchema, strict: true } } } } },
  { name: "text verbosity only", modelId: "gpt-5", options: { prompt: hi, providerOptions: { openai: { textVerbosity: "medium" } } } },
  { name: "invalid provider options", modelId: "gpt-4.1", options: { prompt: hi, providerOptions: { openai: { serviceTier: "turbo" } } } },
  { name: "conversation and previous response id warn", modelId: "gpt-4.1", options: { prompt: hi, providerOptions: { openai: { conversation: "c", previousResponseId: "p" } } } },
  { name: "azure-style provider name reads openai options", modelId: "gpt-4.1", options: { prompt: hi, providerOptions: { other: { store: false }, openai: { user: "x" } } } },
  {
    name: "programmatic execution-denied",
    modelId: "gpt-4.1",
    options: {
      prompt: [
        ...hi,
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: {}, providerOptions: { openai: { caller: { type: "program", callerId: "p" } } } }] },
        { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "execution-denied" } }] }
      ],
      tools: [weather]
    }
  },
  {
    name: "tool result additional tools",
    modelId: "gpt-4.1",
    options: {
      prompt: [
        ...hi,
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: {} }] },
        { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "text", value: "x" }, providerOptions: { openai: { additionalTools: [{ type: "namespace", name: "n", description: "d", tools: [{ type: "function", name: "f", parameters: {} }] }] } } }] }
      ],
      tools: [weather]
    }
  }
]
