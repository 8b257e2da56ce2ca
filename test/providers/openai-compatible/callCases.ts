/**
 * Call options shared by the request-body differential tests of the
 * openai-compatible, Groq and DeepSeek providers (JSON-shaped, as the V4
 * contract carries them; file bytes as base64 or Uint8Array).
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"

export interface CallCase {
  readonly name: string
  readonly options: LanguageModelV4CallOptions
}

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
const pngBase64 = "iVBORw0KGgoAAAAA"
const wavBase64 = "UklGRiQAAABXQVZFZm10IBAAAAABAAEA"
const pdfBase64 = "JVBERi0xLjQKJcfsj6IKNSAwIG9iago="

const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }] })

const weatherTool = {
  type: "function" as const,
  name: "weather",
  description: "Get the weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] }
}

export const toolInputs: ReadonlyArray<readonly [string, unknown]> = [
  ["object", { city: "Paris" }],
  ["null", null],
  ["number", 42],
  ["array", [1]],
  ["invalid string", "oops"],
  ["json object string", "{\"a\":1}"],
  ["json number string", "42"],
  ["undefined", undefined],
  ["proto string", "{\"__proto__\":{\"x\":1}}"]
]

export const toolInputCases: ReadonlyArray<CallCase> = toolInputs.map(([name, input]) => ({
  name: `tool-call input: ${name}`,
  options: {
    prompt: [
      user("hi"),
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "call-1", toolName: "weather", input }]
      },
      {
        role: "tool",
        content: [{ type: "tool-result", toolCallId: "call-1", toolName: "weather", output: { type: "text", value: "sunny" } }]
      }
    ]
  }
}))

export const commonCases: ReadonlyArray<CallCase> = [
  { name: "plain user text", options: { prompt: [user("hi")] } },
  {
    name: "system, multi-part user with image url and base64 image",
    options: {
      prompt: [
        { role: "system", content: "be brief" },
        {
          role: "user",
          content: [
            { type: "text", text: "what is this?" },
            { type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://example.com/a.png") } },
            { type: "file", mediaType: "image/jpeg", data: { type: "data", data: pngBase64 } },
            { type: "file", mediaType: "image", data: { type: "data", data: png } }
          ]
        }
      ]
    }
  },
  {
    name: "settings",
    options: {
      prompt: [user("hi")],
      maxOutputTokens: 100,
      temperature: 0.5,
      topP: 0.9,
      topK: 3,
      frequencyPenalty: 0.1,
      presencePenalty: 0.2,
      stopSequences: ["END"],
      seed: 7
    }
  },
  {
    name: "assistant text, reasoning and tool calls; tool results of every output type",
    options: {
      prompt: [
        user("hi"),
        {
          role: "assistant",
          content: [
            { type: "reasoning", text: "thinking " },
            { type: "reasoning", text: "more" },
            { type: "text", text: "Let me check. " },
            { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris" } },
            { type: "tool-call", toolCallId: "c2", toolName: "weather", input: { city: "Rome" } }
          ]
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "json", value: { t: 20 } } },
            { type: "tool-result", toolCallId: "c2", toolName: "weather", output: { type: "error-text", value: "boom" } },
            { type: "tool-result", toolCallId: "c3", toolName: "weather", output: { type: "error-json", value: { e: 1 } } },
            { type: "tool-result", toolCallId: "c4", toolName: "weather", output: { type: "execution-denied" } },
            {
              type: "tool-result",
              toolCallId: "c5",
              toolName: "weather",
              output: { type: "execution-denied", reason: "no" }
            },
            {
              type: "tool-result",
              toolCallId: "c6",
              toolName: "weather",
              output: { type: "content", value: [{ type: "text", text: "a" }] }
            },
            { type: "tool-approval-response", approvalId: "ap1", approved: true }
          ]
        },
        { role: "assistant", content: [{ type: "text", text: "done" }] },
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "c7", toolName: "weather", input: {} }] }
      ]
    }
  },
  {
    name: "tools with every tool choice: auto",
    options: { prompt: [user("hi")], tools: [weatherTool], toolChoice: { type: "auto" } }
  },
  { name: "tool choice none", options: { prompt: [user("hi")], tools: [weatherTool], toolChoice: { type: "none" } } },
  {
    name: "tool choice required",
    options: { prompt: [user("hi")], tools: [weatherTool], toolChoice: { type: "required" } }
  },
  {
    name: "tool choice tool, strict tool and a provider tool",
    options: {
      prompt: [user("hi")],
      tools: [
        { ...weatherTool, strict: false },
        { type: "provider", id: "acme.search", name: "search", args: {} }
      ],
      toolChoice: { type: "tool", toolName: "weather" }
    }
  },
  { name: "empty tools", options: { prompt: [user("hi")], tools: [], toolChoice: { type: "auto" } } },
  { name: "response format json without schema", options: { prompt: [user("hi")], responseFormat: { type: "json" } } },
  {
    name: "response format json with schema",
    options: {
      prompt: [user("hi")],
      responseFormat: {
        type: "json",
        schema: { type: "object", properties: { a: { type: "string" } } },
        name: "thing",
        description: "a thing"
      }
    }
  },
  { name: "response format text", options: { prompt: [user("hi")], responseFormat: { type: "text" } } },
  { name: "reasoning low", options: { prompt: [user("hi")], reasoning: "low" } },
  { name: "reasoning none", options: { prompt: [user("hi")], reasoning: "none" } },
  { name: "reasoning medium", options: { prompt: [user("hi")], reasoning: "medium" } },
  { name: "reasoning xhigh", options: { prompt: [user("hi")], reasoning: "xhigh" } },
  { name: "reasoning minimal", options: { prompt: [user("hi")], reasoning: "minimal" } },
  { name: "reasoning provider-default", options: { prompt: [user("hi")], reasoning: "provider-default" } },
  ...toolInputCases
]
