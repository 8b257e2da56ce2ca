/**
 * Call options matrix for xAI request-body comparisons: every call option
 * and provider option upstream reads, every server-side tool, the prompt
 * conversion branches, and the failures upstream raises while preparing.
 */
import type { UpstreamOptions as LanguageModelV4CallOptions } from "./harness.ts"

type Prompt = LanguageModelV4CallOptions["prompt"]

const user = (text: string): Prompt[number] => ({ role: "user", content: [{ type: "text", text }] })
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82])
const prompt: Prompt = [user("hi")]

const providerTool = (id: `${string}.${string}`, name: string, args: Record<string, unknown> = {}) => ({
  type: "provider" as const,
  id,
  name,
  args
})
const fn = {
  type: "function" as const,
  name: "weather",
  description: "Weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } } }
}

export interface CallCase {
  readonly name: string
  readonly options: LanguageModelV4CallOptions
  readonly modelId?: string
}

const xai = (options: Record<string, unknown>): NonNullable<LanguageModelV4CallOptions["providerOptions"]> => ({
  xai: options as Record<string, never>
})

export const callCases: ReadonlyArray<CallCase> = [
  { name: "plain", options: { prompt } },
  {
    name: "sampling settings and unsupported penalties/stops",
    options: {
      prompt,
      maxOutputTokens: 100,
      temperature: 0.5,
      topP: 0.9,
      topK: 40,
      seed: 7,
      frequencyPenalty: 0.1,
      presencePenalty: 0.2,
      stopSequences: ["x"]
    }
  },
  {
    name: "every provider option",
    options: {
      prompt,
      providerOptions: xai({
        reasoningEffort: "high",
        reasoningSummary: "detailed",
        logprobs: true,
        topLogprobs: 3,
        minP: 0.1,
        maxTurns: 4,
        parallelToolCalls: false,
        promptCacheKey: "k",
        safetyIdentifier: "s",
        serviceTier: "priority",
        store: false,
        previousResponseId: "resp_1",
        user: "u",
        include: ["file_search_call.results", "web_search_call.action.sources"]
      })
    },
    modelId: "grok-4.3"
  },
  { name: "topLogprobs alone turns on logprobs", options: { prompt, providerOptions: xai({ topLogprobs: 0 }) } },
  { name: "logprobs false", options: { prompt, providerOptions: xai({ logprobs: false }) } },
  { name: "store false adds encrypted reasoning", options: { prompt, providerOptions: xai({ store: false }) } },
  { name: "store true is not sent", options: { prompt, providerOptions: xai({ store: true, include: null }) } },
  {
    name: "include list and store false appends encrypted reasoning",
    options: { prompt, providerOptions: xai({ store: false, include: ["no_inline_citations"] }) }
  },
  { name: "reasoning low on grok-latest", options: { prompt, reasoning: "low" }, modelId: "grok-latest" },
  { name: "include empty array", options: { prompt, providerOptions: xai({ include: [] }) } },
  { name: "invalid provider options: topLogprobs 9", options: { prompt, providerOptions: xai({ topLogprobs: 9 }) } },
  { name: "invalid provider options: minP 2", options: { prompt, providerOptions: xai({ minP: 2 }) } },
  { name: "invalid provider options: include value", options: { prompt, providerOptions: xai({ include: ["x"] }) } },
  { name: "invalid provider options: maxTurns 1.5", options: { prompt, providerOptions: xai({ maxTurns: 1.5 }) } },
  // reasoning → effort (grok-4.20 rejects every effort; grok-4.6 has xhigh)
  { name: "reasoning high on grok-4.20 warns", options: { prompt, reasoning: "high" } },
  { name: "reasoning none on grok-4.20-0309-reasoning", options: { prompt, reasoning: "none" }, modelId: "grok-4.20-0309-reasoning" },
  { name: "reasoning none on grok-4.3", options: { prompt, reasoning: "none" }, modelId: "grok-4.3" },
  { name: "reasoning minimal on grok-4.3", options: { prompt, reasoning: "minimal" }, modelId: "grok-4.3" },
  { name: "reasoning medium on grok-4.3", options: { prompt, reasoning: "medium" }, modelId: "grok-4.3" },
  { name: "reasoning xhigh on grok-4.3", options: { prompt, reasoning: "xhigh" }, modelId: "grok-4.3" },
  { name: "reasoning xhigh on grok-4.6", options: { prompt, reasoning: "xhigh" }, modelId: "grok-4.6" },
  { name: "reasoning max on grok-4.6", options: { prompt, reasoning: "max" as never }, modelId: "grok-4.6" },
  { name: "reasoning provider-default", options: { prompt, reasoning: "provider-default" }, modelId: "grok-4.3" },
  {
    name: "reasoningEffort option wins over reasoning",
    options: { prompt, reasoning: "low", providerOptions: xai({ reasoningEffort: "medium" }) },
    modelId: "grok-4.3"
  },
  // response format
  { name: "json without schema", options: { prompt, responseFormat: { type: "json" } } },
  {
    name: "json with schema, name and description",
    options: {
      prompt,
      responseFormat: {
        type: "json",
        name: "answer",
        description: "The answer",
        schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] }
      }
    }
  },
  { name: "json with schema, default name", options: { prompt, responseFormat: { type: "json", schema: { type: "object" } } } },
  { name: "text format", options: { prompt, responseFormat: { type: "text" } } },
  // tools
  {
    name: "every server tool and a function tool",
    options: {
      prompt,
      tools: [
        providerTool("xai.web_search", "web_search", {
          allowedDomains: ["a.com"],
          excludedDomains: ["b.com"],
          enableImageSearch: true,
          enableImageUnderstanding: false
        }),
        providerTool("xai.x_search", "x_search", {
          allowedXHandles: ["a"],
          excludedXHandles: ["b"],
          fromDate: "2025-01-01",
          toDate: "2025-02-01",
          enableImageUnderstanding: true,
          enableVideoUnderstanding: true
        }),
        providerTool("xai.code_execution", "code_execution"),
        providerTool("xai.view_image", "view_image"),
        providerTool("xai.view_x_video", "view_x_video"),
        providerTool("xai.image_generation", "image_generation", { action: "edit" }),
        providerTool("xai.file_search", "file_search", { vectorStoreIds: ["vs_1"], maxNumResults: 3 }),
        providerTool("xai.mcp", "mcp", {
          serverUrl: "https://mcp.example.com",
          serverLabel: "ex",
          serverDescription: "Example",
          allowedTools: ["t"],
          headers: { "x-h": "1" },
          authorization: "Bearer t"
        }),
        { ...fn, strict: true }
      ],
      toolChoice: { type: "auto" }
    }
  },
  {
    name: "server tools with empty args",
    options: {
      prompt,
      tools: [
        providerTool("xai.web_search", "search"),
        providerTool("xai.x_search", "xs"),
        providerTool("xai.image_generation", "img")
      ]
    }
  },
  { name: "unknown provider tool warns", options: { prompt, tools: [providerTool("xai.unknown", "u"), fn] } },
  { name: "other provider's tool warns", options: { prompt, tools: [providerTool("openai.web_search", "ws")] } },
  { name: "empty tools", options: { prompt, tools: [], toolChoice: { type: "required" } } },
  { name: "tool choice none", options: { prompt, tools: [fn], toolChoice: { type: "none" } } },
  { name: "tool choice required", options: { prompt, tools: [fn], toolChoice: { type: "required" } } },
  { name: "tool choice function", options: { prompt, tools: [fn], toolChoice: { type: "tool", toolName: "weather" } } },
  { name: "tool choice unknown tool", options: { prompt, tools: [fn], toolChoice: { type: "tool", toolName: "nope" } } },
  {
    name: "tool choice server tool warns",
    options: { prompt, tools: [providerTool("xai.web_search", "ws"), fn], toolChoice: { type: "tool", toolName: "ws" } }
  },
  { name: "function tool strict false", options: { prompt, tools: [{ ...fn, strict: false }] } },
  {
    name: "invalid web_search args: six domains",
    options: { prompt, tools: [providerTool("xai.web_search", "ws", { allowedDomains: ["a", "b", "c", "d", "e", "f"] })] }
  },
  { name: "invalid file_search args: no ids", options: { prompt, tools: [providerTool("xai.file_search", "fs")] } },
  { name: "invalid mcp args: no url", options: { prompt, tools: [providerTool("xai.mcp", "m", { serverLabel: "x" })] } },
  { name: "invalid image_generation action", options: { prompt, tools: [providerTool("xai.image_generation", "i", { action: "x" })] } },
  // prompt conversion
  {
    name: "system, user files, assistant parts, tool outputs",
    options: {
      prompt: [
        { role: "system", content: "be brief" },
        {
          role: "user",
          content: [
            { type: "text", text: "look" },
            { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
            {
              type: "file",
              mediaType: "image/*",
              data: { type: "data", data: png },
              providerOptions: { xai: { imageDetail: "low" } }
            },
            { type: "file", mediaType: "image/jpeg", data: { type: "url", url: new URL("https://example.com/a.jpg") } },
            { type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("https://example.com/a.pdf") } },
            { type: "file", mediaType: "text/plain", data: { type: "reference", reference: { xai: "file_1" } } }
          ]
        },
        {
          role: "assistant",
          content: [
            { type: "reasoning", text: "thinking", providerOptions: { xai: { itemId: "rs_1", reasoningEncryptedContent: "enc" } } },
            { type: "reasoning", text: "", providerOptions: { xai: { reasoningEncryptedContent: "enc2" } } },
            { type: "reasoning", text: "lost" },
            { type: "text", text: "calling", providerOptions: { xai: { itemId: "msg_1" } } },
            { type: "text", text: "plain" },
            { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris" } },
            { type: "tool-call", toolCallId: "c2", toolName: "weather", input: {}, providerOptions: { xai: { itemId: "fc_2" } } },
            { type: "tool-call", toolCallId: "s1", toolName: "web_search", input: {}, providerExecuted: true },
            { type: "tool-result", toolCallId: "s1", toolName: "web_search", output: { type: "json", value: {} } },
            { type: "file", mediaType: "image/png", data: { type: "data", data: png } }
          ]
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "text", value: "sunny" } },
            { type: "tool-result", toolCallId: "c2", toolName: "weather", output: { type: "json", value: { t: 20 } } },
            { type: "tool-result", toolCallId: "c3", toolName: "weather", output: { type: "error-text", value: "bad" } },
            { type: "tool-result", toolCallId: "c4", toolName: "weather", output: { type: "error-json", value: { e: 1 } } },
            { type: "tool-result", toolCallId: "c5", toolName: "weather", output: { type: "execution-denied" } },
            {
              type: "tool-result",
              toolCallId: "c6",
              toolName: "weather",
              output: { type: "execution-denied", reason: "no" }
            },
            {
              type: "tool-result",
              toolCallId: "c7",
              toolName: "weather",
              output: {
                type: "content",
                value: [
                  { type: "text", text: "see" },
                  { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
                  { type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://example.com/b.png") } },
                  { type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("https://example.com/b.pdf") } }
                ]
              }
            },
            { type: "tool-approval-response", approvalId: "a1", approved: true }
          ]
        }
      ]
    }
  },
  {
    name: "image base64 string data",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" } }] }]
    }
  },
  {
    name: "invalid image detail",
    options: {
      prompt: [{
        role: "user",
        content: [{
          type: "file",
          mediaType: "image/png",
          data: { type: "data", data: png },
          providerOptions: { xai: { imageDetail: "ultra" } }
        }]
      }]
    }
  },
  {
    name: "inline pdf fails",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "data", data: png } }] }]
    }
  },
  {
    name: "text file part fails",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/plain", data: { type: "text", text: "hello" } }] }]
    }
  },
  {
    name: "reference without xai entry fails",
    options: {
      prompt: [{
        role: "user",
        content: [{ type: "file", mediaType: "application/pdf", data: { type: "reference", reference: { openai: "f" } } }]
      }]
    }
  },
  {
    name: "image url wildcard media type",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/*", data: { type: "url", url: new URL("https://e.com/x") } }] }]
    }
  },
  { name: "call headers", options: { prompt, headers: { "x-call": "1", "x-gone": undefined } } }
]
