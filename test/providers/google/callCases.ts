/**
 * Call options exercising the request body: prompt conversion, generation
 * config, provider options, tools, thinking and response formats.
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"

export interface CallCase {
  readonly name: string
  readonly options: LanguageModelV4CallOptions
  readonly modelId?: string
  /** Only these flavors (default both). */
  readonly flavors?: ReadonlyArray<"google" | "vertex">
}

const user = (text: string): LanguageModelV4CallOptions["prompt"][number] => ({
  role: "user",
  content: [{ type: "text", text }]
})
const hi = [user("hi")]
const weather = { type: "function" as const, name: "weather", description: "Weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])

export const callCases: ReadonlyArray<CallCase> = [
  { name: "plain", options: { prompt: hi } },
  {
    name: "generation config",
    options: {
      prompt: hi,
      maxOutputTokens: 100,
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      stopSequences: ["END"],
      seed: 7,
      frequencyPenalty: 0.1,
      presencePenalty: 0.2
    }
  },
  { name: "penalties on gemini 3", modelId: "gemini-3-pro-preview", options: { prompt: hi, frequencyPenalty: 0.1, presencePenalty: 0.2 } },
  {
    name: "system + multi-turn",
    options: {
      prompt: [
        { role: "system", content: "be brief" },
        { role: "system", content: "be kind" },
        user("hi"),
        { role: "assistant", content: [{ type: "text", text: "hello" }, { type: "reasoning", text: "thinking", providerOptions: { google: { thoughtSignature: "sig1" } } }, { type: "text", text: "" }] },
        user("again")
      ]
    }
  },
  {
    name: "system after user fails",
    options: { prompt: [user("hi"), { role: "system", content: "late" }] }
  },
  {
    name: "gemma system instruction as user text",
    modelId: "gemma-3-27b-it",
    options: { prompt: [{ role: "system", content: "sys" }, user("hi")] }
  },
  {
    name: "files",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "see" },
          { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
          { type: "file", mediaType: "image", data: { type: "data", data: png } },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" } },
          { type: "file", mediaType: "video/mp4", data: { type: "url", url: new URL("https://www.youtube.com/watch?v=abc") }, providerOptions: { google: { videoMetadata: { fps: 2, startOffset: "1s" } } } },
          { type: "file", mediaType: "text/plain", data: { type: "text", text: "héllo" } },
          { type: "file", mediaType: "text", data: { type: "text", text: "plain" } },
          { type: "file", mediaType: "application/pdf", data: { type: "reference", reference: { google: "files/abc" } } }
        ]
      }]
    }
  },
  {
    name: "file reference missing provider",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "reference", reference: { openai: "file-1" } } }] }] }
  },
  {
    name: "tool calls and results (gemini 2.5)",
    options: {
      prompt: [
        user("weather?"),
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris" }, providerOptions: { google: { thoughtSignature: "s1" } } },
            { type: "tool-call", toolCallId: "c2", toolName: "weather", input: "{\"city\":\"Rome\"}" },
            { type: "tool-call", toolCallId: "c3", toolName: "weather", input: "not json" }
          ]
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "json", value: { temp: 20 } } },
            { type: "tool-result", toolCallId: "c2", toolName: "weather", output: { type: "text", value: "sunny" } },
            { type: "tool-result", toolCallId: "c3", toolName: "weather", output: { type: "error-text", value: "boom" } },
            { type: "tool-result", toolCallId: "c4", toolName: "weather", output: { type: "execution-denied" } },
            { type: "tool-result", toolCallId: "c5", toolName: "weather", output: { type: "json", value: { $ref: "#/x" } } },
            {
              type: "tool-result",
              toolCallId: "c6",
              toolName: "weather",
              output: { type: "content", value: [{ type: "text", text: "a" }, { type: "file", mediaType: "image/png", data: { type: "data", data: png } }] }
            },
            { type: "tool-approval-response", approvalId: "a1", approved: true }
          ]
        }
      ],
      tools: [weather]
    }
  },
  {
    name: "tool results multimodal (gemini 3) + sentinel",
    modelId: "gemini-3-flash-preview",
    options: {
      prompt: [
        user("weather?"),
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris" } },
            { type: "tool-call", toolCallId: "c2", toolName: "other", input: {} }
          ]
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "c1",
              toolName: "weather",
              output: {
                type: "content",
                value: [
                  { type: "text", text: "a" },
                  { type: "text", text: "b" },
                  { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
                  { type: "file", data: { type: "url", url: new URL("gs://bucket/a.png") }, mediaType: "image/png" }
                ]
              }
            },
            { type: "tool-result", toolCallId: "c2", toolName: "other", output: { type: "content", value: [] } }
          ]
        }
      ]
    }
  },
  {
    // Vertex downloads such URLs first (not ported: docs/divergences.md); the item is
    // written in the key order of aimux's decoded V4 part, which JSON.stringify keeps
    name: "unsupported URL file in a tool result (Gemini API)",
    flavors: ["google"],
    options: {
      prompt: [{
        role: "tool",
        content: [{
          type: "tool-result",
          toolCallId: "c6",
          toolName: "weather",
          output: { type: "content", value: [{ type: "file", data: { type: "url", url: new URL("https://x.test/a.pdf") }, mediaType: "application/pdf" }] }
        }]
      }]
    }
  },
  {
    name: "unsupported URL file in a Gemini 3 tool result (Gemini API)",
    flavors: ["google"],
    modelId: "gemini-3-flash-preview",
    options: {
      prompt: [{
        role: "tool",
        content: [{
          type: "tool-result",
          toolCallId: "c6",
          toolName: "weather",
          output: { type: "content", value: [{ type: "file", data: { type: "url", url: new URL("data:image/png;base64,AAAA") }, mediaType: "image/png" }, { type: "file", data: { type: "url", url: new URL("gs://b/a.png") }, mediaType: "image/png" }, { type: "file", data: { type: "url", url: new URL("https://x.test/a.pdf") }, mediaType: "application/pdf" }] }
        }]
      }]
    }
  },
  {
    name: "gemini 3 parallel calls: only the first signed",
    modelId: "gemini-3-pro-preview",
    options: {
      prompt: [
        user("x"),
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "c1", toolName: "a", input: {}, providerOptions: { google: { thoughtSignature: "sig" } } },
            { type: "tool-call", toolCallId: "c2", toolName: "b", input: {} }
          ]
        }
      ]
    }
  },
  {
    name: "code execution and server tool history",
    options: {
      prompt: [
        user("run"),
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "x1", toolName: "code_execution", input: "{\"language\":\"PYTHON\",\"code\":\"print(1)\"}", providerExecuted: true },
            { type: "tool-result", toolCallId: "x1", toolName: "code_execution", output: { type: "json", value: { outcome: "OUTCOME_OK", output: "1" } } },
            { type: "tool-call", toolCallId: "s1", toolName: "server:google_search", input: "{\"q\":1}", providerExecuted: true, providerOptions: { google: { serverToolCallId: "s1", serverToolType: "GOOGLE_SEARCH", thoughtSignature: "ts" } } },
            { type: "tool-result", toolCallId: "s1", toolName: "server:google_search", output: { type: "json", value: { r: 1 } }, providerOptions: { google: { serverToolCallId: "s1", serverToolType: "GOOGLE_SEARCH" } } },
            { type: "file", mediaType: "image/png", data: { type: "data", data: png }, providerOptions: { google: { thought: true, thoughtSignature: "fs" } } },
            { type: "reasoning-file", mediaType: "image/png", data: { type: "data", data: png } }
          ]
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "s2", toolName: "server:url_context", output: { type: "json", value: { ok: true } }, providerOptions: { google: { serverToolCallId: "s2", serverToolType: "URL_CONTEXT" } } }
          ]
        }
      ]
    }
  },
  { name: "assistant file url fails", options: { prompt: [user("x"), { role: "assistant", content: [{ type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://x.test/a.png") } }] }] } },
  {
    name: "provider options",
    options: {
      prompt: hi,
      providerOptions: {
        google: {
          responseModalities: ["TEXT", "IMAGE"],
          thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
          cachedContent: "cachedContents/x",
          threshold: "BLOCK_ONLY_HIGH",
          audioTimestamp: true,
          labels: { b: "2", a: "1" },
          mediaResolution: "MEDIA_RESOLUTION_LOW",
          imageConfig: { imageSize: "2K", aspectRatio: "16:9", personGeneration: "ALLOW_ALL" },
          retrievalConfig: { latLng: { longitude: 2, latitude: 1 } },
          streamFunctionCallArguments: true,
          serviceTier: "flex",
          continuationToken: "tok",
          sharedRequestType: "priority",
          requestType: "shared"
        }
      }
    }
  },
  {
    name: "safety settings",
    options: { prompt: hi, providerOptions: { google: { safetySettings: [{ threshold: "OFF", category: "HARM_CATEGORY_HARASSMENT" }], threshold: "BLOCK_NONE" } } }
  },
  { name: "invalid provider options", options: { prompt: hi, providerOptions: { google: { threshold: "NOPE" } } } },
  { name: "vertex namespace wins", options: { prompt: hi, providerOptions: { googleVertex: { cachedContent: "v" }, vertex: { cachedContent: "legacy" }, google: { cachedContent: "g" } } } },
  { name: "reasoning high (2.5 budget)", options: { prompt: hi, reasoning: "high" } },
  { name: "reasoning none (2.5)", options: { prompt: hi, reasoning: "none" } },
  { name: "reasoning none (2.5 pro)", modelId: "gemini-2.5-pro", options: { prompt: hi, reasoning: "none" } },
  { name: "reasoning minimal (gemini 3 pro)", modelId: "gemini-3-pro-preview", options: { prompt: hi, reasoning: "minimal" } },
  { name: "reasoning xhigh (gemini 3 flash)", modelId: "gemini-3-flash-preview", options: { prompt: hi, reasoning: "xhigh", providerOptions: { google: { thinkingConfig: { includeThoughts: true } } } } },
  { name: "reasoning with explicit level", modelId: "gemini-3-flash-preview", options: { prompt: hi, reasoning: "low", providerOptions: { google: { thinkingConfig: { thinkingLevel: "high" } } } } },
  {
    name: "json response format (const → enum)",
    options: {
      prompt: hi,
      responseFormat: {
        type: "json",
        schema: {
          type: "object",
          properties: { kind: { const: "a" }, list: { type: "array", items: { anyOf: [{ const: 1 }, { type: "string" }] } } },
          additionalProperties: false,
          $defs: { d: { const: true } },
          required: ["kind"]
        }
      }
    }
  },
  { name: "json without structured outputs", options: { prompt: hi, responseFormat: { type: "json", schema: { type: "object" } }, providerOptions: { google: { structuredOutputs: false } } } },
  { name: "json without schema", options: { prompt: hi, responseFormat: { type: "json" } } },
  {
    name: "json with function tools (2.5: json tool)",
    options: { prompt: hi, responseFormat: { type: "json", schema: { type: "object" }, description: "the answer" }, tools: [weather, { ...weather, name: "json" }] }
  },
  { name: "json with function tools (3: auto keeps schema)", modelId: "gemini-3-flash-preview", options: { prompt: hi, responseFormat: { type: "json", schema: { type: "object" } }, tools: [weather] } },
  { name: "json with function tools (3: required → json tool)", modelId: "gemini-3-flash-preview", options: { prompt: hi, responseFormat: { type: "json", schema: { type: "object" } }, tools: [weather], toolChoice: { type: "required" } } },
  { name: "json with tools and choice none", options: { prompt: hi, responseFormat: { type: "json", schema: { type: "object" } }, tools: [weather], toolChoice: { type: "none" } } },
  { name: "tool choice auto", options: { prompt: hi, tools: [weather], toolChoice: { type: "auto" } } },
  { name: "tool choice tool", options: { prompt: hi, tools: [weather], toolChoice: { type: "tool", toolName: "weather" } } },
  { name: "strict tool", options: { prompt: hi, tools: [{ ...weather, strict: true }] } },
  { name: "strict tool auto", options: { prompt: hi, tools: [{ ...weather, strict: true }], toolChoice: { type: "auto" } } },
  {
    name: "provider tools",
    options: {
      prompt: hi,
      tools: [
        { type: "provider", id: "google.google_search", name: "google_search", args: { timeRangeFilter: { startTime: "a" } } },
        { type: "provider", id: "google.url_context", name: "url_context", args: {} },
        { type: "provider", id: "google.code_execution", name: "code", args: {} },
        { type: "provider", id: "google.file_search", name: "fs", args: { fileSearchStoreNames: ["s"] } },
        { type: "provider", id: "google.vertex_rag_store", name: "rag", args: { ragCorpus: "c", topK: 3 } },
        { type: "provider", id: "google.google_maps", name: "maps", args: {} },
        { type: "provider", id: "google.enterprise_web_search", name: "ews", args: {} },
        { type: "provider", id: "google.unknown", name: "u", args: {} }
      ]
    }
  },
  { name: "provider tools on gemini 1.5 (warnings)", modelId: "gemini-1.5-flash", options: { prompt: hi, tools: [{ type: "provider", id: "google.google_search", name: "s", args: {} }, { type: "provider", id: "google.file_search", name: "f", args: {} }, { type: "provider", id: "google.url_context", name: "u", args: {} }] } },
  { name: "mixed tools on 2.5 (warning)", options: { prompt: hi, tools: [weather, { type: "provider", id: "google.google_search", name: "s", args: {} }] } },
  { name: "mixed tools on 3 (combined)", modelId: "gemini-3-flash-preview", options: { prompt: hi, tools: [weather, { type: "provider", id: "google.google_search", name: "s", args: {} }], toolChoice: { type: "tool", toolName: "weather" } } },
  { name: "mixed tools on 3 with choice none", modelId: "gemini-3-flash-preview", options: { prompt: hi, tools: [weather, { type: "provider", id: "google.google_search", name: "s", args: {} }], toolChoice: { type: "none" } } },
  { name: "empty tools", options: { prompt: hi, tools: [] } },
  { name: "custom headers", options: { prompt: hi, headers: { "x-custom": "1", "x-goog-api-key": "call-key" } } }
]
