/**
 * Call options matrix for Hugging Face request-body comparisons: every call
 * option and provider option upstream reads, tools and tool choices, the
 * prompt conversion branches and the failures upstream raises.
 */
import type { UpstreamOptions as LanguageModelV4CallOptions } from "./harness.ts"

type Prompt = LanguageModelV4CallOptions["prompt"]

const user = (text: string): Prompt[number] => ({ role: "user", content: [{ type: "text", text }] })
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82])
const prompt: Prompt = [user("hi")]
const fn = {
  type: "function" as const,
  name: "weather",
  description: "Weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } } }
}
const hf = (options: Record<string, unknown>): NonNullable<LanguageModelV4CallOptions["providerOptions"]> => ({
  huggingface: options as Record<string, never>
})

export interface CallCase {
  readonly name: string
  readonly options: LanguageModelV4CallOptions
  readonly modelId?: string
}

export const callCases: ReadonlyArray<CallCase> = [
  { name: "plain", options: { prompt } },
  {
    name: "settings and unsupported ones",
    options: {
      prompt,
      maxOutputTokens: 50,
      temperature: 0.2,
      topP: 0.8,
      topK: 3,
      seed: 1,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stopSequences: ["s"]
    }
  },
  {
    name: "every provider option",
    options: {
      prompt,
      providerOptions: hf({ metadata: { a: "b" }, instructions: "be nice", strictJsonSchema: true, reasoningEffort: "high" })
    }
  },
  { name: "invalid provider options", options: { prompt, providerOptions: hf({ metadata: { a: 1 } }) } },
  { name: "invalid reasoning effort type", options: { prompt, providerOptions: hf({ reasoningEffort: 3 }) } },
  {
    name: "json schema output, strict from options",
    options: {
      prompt,
      responseFormat: { type: "json", name: "n", description: "d", schema: { type: "object" } },
      providerOptions: hf({ strictJsonSchema: true })
    }
  },
  { name: "json schema output, defaults", options: { prompt, responseFormat: { type: "json", schema: { type: "object" } } } },
  { name: "json without schema sends nothing", options: { prompt, responseFormat: { type: "json" } } },
  { name: "reasoning call option is not read", options: { prompt, reasoning: "high" } },
  {
    name: "tools, provider tool warning, tool choice auto",
    options: {
      prompt,
      tools: [fn, { type: "provider", id: "huggingface.web_search", name: "ws", args: {} }],
      toolChoice: { type: "auto" }
    }
  },
  { name: "tool choice required", options: { prompt, tools: [fn], toolChoice: { type: "required" } } },
  { name: "tool choice none dropped", options: { prompt, tools: [fn], toolChoice: { type: "none" } } },
  { name: "tool choice tool", options: { prompt, tools: [fn], toolChoice: { type: "tool", toolName: "weather" } } },
  { name: "empty tools", options: { prompt, tools: [], toolChoice: { type: "auto" } } },
  { name: "only provider tools", options: { prompt, tools: [{ type: "provider", id: "x.y", name: "y", args: {} }] } },
  {
    name: "prompt conversion",
    options: {
      prompt: [
        { role: "system", content: "sys" },
        {
          role: "user",
          content: [
            { type: "text", text: "look" },
            { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
            { type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" } },
            { type: "file", mediaType: "image/*", data: { type: "data", data: png } },
            { type: "file", mediaType: "image/jpeg", data: { type: "url", url: new URL("https://e.com/a.jpg") } }
          ]
        },
        {
          role: "assistant",
          content: [
            { type: "reasoning", text: "think" },
            { type: "text", text: "answer" },
            { type: "tool-call", toolCallId: "c", toolName: "weather", input: {} },
            { type: "file", mediaType: "image/png", data: { type: "data", data: png } }
          ]
        },
        {
          role: "tool",
          content: [{ type: "tool-result", toolCallId: "c", toolName: "weather", output: { type: "text", value: "x" } }]
        },
        { role: "tool", content: [] }
      ]
    }
  },
  {
    name: "pdf fails",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("https://e.com/a.pdf") } }] }]
    }
  },
  {
    name: "reference fails",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "reference", reference: { huggingface: "f" } } }] }]
    }
  },
  {
    name: "text file fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/plain", data: { type: "text", text: "t" } }] }] }
  },
  {
    name: "image url with wildcard type",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/*", data: { type: "url", url: new URL("https://e.com/x") } }] }]
    }
  },
  { name: "call headers", options: { prompt, headers: { "x-call": "1" } } },
  { name: "another model", options: { prompt }, modelId: "Qwen/Qwen3-32B" }
]
