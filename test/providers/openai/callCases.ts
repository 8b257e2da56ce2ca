/**
 * Call-option cases for the request-body differential tests: each runs through
 * upstream's `getArgs` (captured from the request `fetch` sees) and ours.
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"

export interface CallCase {
  readonly name: string
  readonly modelId: string
  readonly options: LanguageModelV4CallOptions
}

const hi: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const pngBytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])
const weather = {
  type: "function" as const,
  name: "weather",
  description: "Get the weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false }
}

const toolCall = (id: string, input: unknown) => ({ type: "tool-call" as const, toolCallId: id, toolName: "weather", input })

export const callCases: ReadonlyArray<CallCase> = [
  { name: "plain text", modelId: "gpt-4o-mini", options: { prompt: hi } },
  {
    name: "standard settings",
    modelId: "gpt-4o-mini",
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
    name: "images, pdf, audio and file references",
    modelId: "gpt-4o",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://example.com/a.png") } },
          {
            type: "file",
            mediaType: "image/png",
            data: { type: "data", data: pngBytes },
            providerOptions: { openai: { imageDetail: "low" } }
          },
          { type: "file", mediaType: "image/jpeg", data: { type: "data", data: "AAEC" } },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" }, filename: "doc.pdf" },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" } },
          { type: "file", mediaType: "audio/wav", data: { type: "data", data: "UklGRg==" } },
          { type: "file", mediaType: "audio/mpeg", data: { type: "data", data: "SUQz" } },
          { type: "file", mediaType: "audio/mp3", data: { type: "data", data: "SUQz" } },
          { type: "file", mediaType: "application/pdf", data: { type: "reference", reference: { openai: "file-123" } } }
        ]
      }]
    }
  },
  {
    name: "assistant tool calls with every input encoding (spec §4) and tool results",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [
        ...hi,
        {
          role: "assistant",
          content: [
            { type: "text", text: "calling " },
            { type: "reasoning", text: "ignored" },
            toolCall("c1", { city: "Paris" }),
            toolCall("c2", null),
            toolCall("c3", 42),
            toolCall("c4", [1]),
            toolCall("c5", "oops"),
            toolCall("c6", "42"),
            toolCall("c7", "{\"a\":1}"),
            toolCall("c8", undefined),
            toolCall("c9", "[1]"),
            toolCall("c10", "{\"__proto__\":{}}")
          ]
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "text", value: "sunny" } },
            { type: "tool-result", toolCallId: "c2", toolName: "weather", output: { type: "json", value: { t: 1 } } },
            { type: "tool-result", toolCallId: "c3", toolName: "weather", output: { type: "error-text", value: "boom" } },
            { type: "tool-result", toolCallId: "c4", toolName: "weather", output: { type: "error-json", value: [1] } },
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
              output: { type: "content", value: [{ type: "text", text: "x" }] }
            },
            { type: "tool-approval-response", approvalId: "a1", approved: true }
          ]
        },
        { role: "assistant", content: [toolCall("c11", {})] },
        { role: "assistant", content: [{ type: "text", text: "" }] }
      ]
    }
  },
  {
    name: "tools and tool choices",
    modelId: "gpt-4o-mini",
    options: {
      prompt: hi,
      tools: [
        weather,
        { ...weather, name: "strict", strict: true },
        { type: "provider", id: "openai.web_search", name: "web_search", args: {} }
      ],
      toolChoice: { type: "tool", toolName: "weather" }
    }
  },
  { name: "tool choice required", modelId: "gpt-4o-mini", options: { prompt: hi, tools: [weather], toolChoice: { type: "required" } } },
  { name: "tool choice none", modelId: "gpt-4o-mini", options: { prompt: hi, tools: [weather], toolChoice: { type: "none" } } },
  { name: "empty tools", modelId: "gpt-4o-mini", options: { prompt: hi, tools: [], toolChoice: { type: "auto" } } },
  {
    name: "json response format with schema normalization",
    modelId: "gpt-4o-mini",
    options: {
      prompt: hi,
      responseFormat: {
        type: "json",
        name: "out",
        description: "the output",
        schema: {
          type: "object",
          properties: {
            a: { type: "string", pattern: "^(?=x).*$" },
            b: { type: "object", propertyNames: { pattern: "^[a-z]+$" }, additionalProperties: { type: "number" } },
            c: { allOf: [{ $ref: "#/$defs/node" }] }
          },
          $defs: { node: { type: "object", properties: { v: { type: "string", pattern: "a(?!b)" } } } }
        }
      },
      providerOptions: { openai: { strictJsonSchema: false } }
    }
  },
  {
    name: "root singleton allOf reference expanded",
    modelId: "gpt-4o-mini",
    options: {
      prompt: hi,
      responseFormat: {
        type: "json",
        schema: { allOf: [{ $ref: "#/definitions/root" }], definitions: { root: { type: "object", properties: {} } } }
      }
    }
  },
  { name: "json response format without schema", modelId: "gpt-4o-mini", options: { prompt: hi, responseFormat: { type: "json" } } },
  {
    name: "image url without subtype",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image", data: { type: "url", url: new URL("https://x/a") } }] }]
    }
  },
  { name: "text response format", modelId: "gpt-4o-mini", options: { prompt: hi, responseFormat: { type: "text" } } },
  {
    name: "provider options",
    modelId: "gpt-4o-mini",
    options: {
      prompt: hi,
      providerOptions: {
        openai: {
          logitBias: { "50256": -100 },
          logprobs: 3,
          parallelToolCalls: false,
          user: "u1",
          maxCompletionTokens: 77,
          store: true,
          metadata: { k: "v" },
          prediction: { type: "content", content: "x" },
          serviceTier: "auto",
          textVerbosity: "low",
          promptCacheKey: "pk",
          promptCacheOptions: { mode: "explicit", ttl: "30m" },
          promptCacheRetention: "24h",
          safetyIdentifier: "sid",
          reasoningSummary: "auto",
          unknownOption: 1
        }
      }
    }
  },
  { name: "logprobs true", modelId: "gpt-4o-mini", options: { prompt: hi, providerOptions: { openai: { logprobs: true } } } },
  { name: "logprobs false", modelId: "gpt-4o-mini", options: { prompt: hi, providerOptions: { openai: { logprobs: false } } } },
  { name: "flex on gpt-4o", modelId: "gpt-4o", options: { prompt: hi, providerOptions: { openai: { serviceTier: "flex" } } } },
  { name: "flex on o3", modelId: "o3", options: { prompt: hi, providerOptions: { openai: { serviceTier: "flex" } } } },
  {
    name: "priority on gpt-5-nano",
    modelId: "gpt-5-nano",
    options: { prompt: hi, providerOptions: { openai: { serviceTier: "priority" } } }
  },
  { name: "fast on gpt-4.1", modelId: "gpt-4.1", options: { prompt: hi, providerOptions: { openai: { serviceTier: "fast" } } } },
  {
    name: "reasoning model drops sampling settings",
    modelId: "o3-mini",
    options: {
      prompt: [{ role: "system", content: "sys" }, ...hi],
      temperature: 0.3,
      topP: 0.5,
      frequencyPenalty: 0.1,
      presencePenalty: 0.1,
      maxOutputTokens: 500,
      providerOptions: { openai: { logitBias: { "1": 2 }, logprobs: 2, reasoningEffort: "low" } }
    }
  },
  {
    name: "reasoning model keeps maxCompletionTokens",
    modelId: "o4-mini",
    options: { prompt: hi, maxOutputTokens: 500, providerOptions: { openai: { maxCompletionTokens: 1000 } } }
  },
  {
    name: "gpt-5.1 with effort none keeps temperature",
    modelId: "gpt-5.1",
    options: { prompt: hi, temperature: 0.3, topP: 0.2, providerOptions: { openai: { reasoningEffort: "none", logprobs: true } } }
  },
  { name: "gpt-5.1 reasoning none portable", modelId: "gpt-5.1", options: { prompt: hi, reasoning: "none", temperature: 1 } },
  { name: "gpt-5 xhigh maps to high", modelId: "gpt-5", options: { prompt: hi, reasoning: "xhigh" } },
  { name: "gpt-5 none maps to minimal", modelId: "gpt-5", options: { prompt: hi, reasoning: "none" } },
  { name: "gpt-5 max maps down", modelId: "gpt-5.2", options: { prompt: hi, reasoning: "max" } },
  { name: "unknown model reasoning passes", modelId: "my-model", options: { prompt: hi, reasoning: "medium" } },
  { name: "provider-default reasoning", modelId: "o3", options: { prompt: hi, reasoning: "provider-default" } },
  {
    name: "gpt-5.6 with function tools forces none",
    modelId: "gpt-5.6",
    options: { prompt: hi, reasoning: "high", tools: [weather] }
  },
  {
    name: "gpt-6 luna configurable",
    modelId: "gpt-6-luna",
    options: {
      prompt: hi,
      reasoning: "none",
      temperature: 0.2,
      providerOptions: { openai: { promptCacheRetention: "24h" } }
    }
  },
  { name: "gpt-6 astra efforts", modelId: "gpt-6-astra", options: { prompt: hi, reasoning: "minimal" } },
  { name: "gpt-5-chat-latest is not reasoning", modelId: "gpt-5-chat-latest", options: { prompt: hi, temperature: 0.3 } },
  { name: "search preview drops temperature", modelId: "gpt-4o-search-preview", options: { prompt: hi, temperature: 0.3 } },
  {
    name: "forceReasoning on a custom model",
    modelId: "custom-reasoner",
    options: { prompt: [{ role: "system", content: "s" }, ...hi], temperature: 0.1, providerOptions: { openai: { forceReasoning: true } } }
  },
  {
    name: "system message mode remove and message names",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [
        { role: "system", content: "s" },
        { role: "user", content: [{ type: "text", text: "hi" }], providerOptions: { openai: { name: "alice" } } },
        { role: "assistant", content: [{ type: "text", text: "yo" }], providerOptions: { openai: { name: "bot" } } },
        {
          role: "tool",
          content: [{ type: "tool-result", toolCallId: "x", toolName: "t", output: { type: "text", value: "v" } }],
          providerOptions: { openai: { name: "t" } }
        }
      ],
      providerOptions: { openai: { systemMessageMode: "remove" } }
    }
  },
  {
    name: "system message names and developer mode",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [{ role: "system", content: "s", providerOptions: { openai: { name: "sys" } } }, ...hi],
      providerOptions: { openai: { systemMessageMode: "developer" } }
    }
  },
  {
    name: "prompt cache breakpoints",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [
        { role: "system", content: "s", providerOptions: { openai: { promptCacheBreakpoint: { mode: "explicit" } } } },
        {
          role: "user",
          content: [{ type: "text", text: "hi", providerOptions: { openai: { promptCacheBreakpoint: { mode: "explicit" } } } }]
        },
        {
          role: "assistant",
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b", providerOptions: { openai: { promptCacheBreakpoint: { mode: "explicit" } } } }
          ]
        },
        {
          role: "tool",
          content: [{
            type: "tool-result",
            toolCallId: "x",
            toolName: "t",
            output: { type: "text", value: "v", providerOptions: { openai: { promptCacheBreakpoint: { mode: "explicit" } } } }
          }]
        }
      ]
    }
  },
  {
    name: "azure provider name merges the azure namespace",
    modelId: "gpt-4o-mini",
    options: { prompt: hi, providerOptions: { openai: { user: "a", store: true }, azure: { user: "b" } } }
  }
]

/** Cases upstream rejects: the error name and message must match. */
export const failingCallCases: ReadonlyArray<CallCase> = [
  { name: "invalid provider options", modelId: "gpt-4o-mini", options: { prompt: hi, providerOptions: { openai: { logprobs: "x" } } } },
  {
    name: "invalid message options",
    modelId: "gpt-4o-mini",
    options: { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }], providerOptions: { openai: { name: 1 } } }] }
  },
  {
    name: "text file parts",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/plain", data: { type: "text", text: "x" } }] }]
    }
  },
  {
    name: "audio url",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "audio/wav", data: { type: "url", url: new URL("https://x/a.wav") } }] }]
    }
  },
  {
    name: "unsupported audio type",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "audio/ogg", data: { type: "data", data: "AA==" } }] }]
    }
  },
  {
    name: "unsupported file type",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/csv", data: { type: "data", data: "AA==" } }] }]
    }
  },
  {
    name: "pdf url",
    modelId: "gpt-4o-mini",
    options: {
      prompt: [{
        role: "user",
        content: [{ type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("https://x/a.pdf") } }]
      }]
    }
  },
  {
    name: "non-string propertyNames",
    modelId: "gpt-4o-mini",
    options: {
      prompt: hi,
      tools: [{ ...weather, inputSchema: { type: "object", propertyNames: { type: "number" } } }]
    }
  }
]
