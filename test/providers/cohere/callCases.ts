/**
 * Call options matrix for Cohere request-body comparisons: every call
 * option and provider option upstream reads, tools and tool choices,
 * reasoning levels, the prompt conversion branches (documents, images,
 * tool results) and the failures upstream raises.
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
const other = { type: "function" as const, name: "now", inputSchema: { type: "object" } }
const co = (options: Record<string, unknown>): NonNullable<LanguageModelV4CallOptions["providerOptions"]> => ({
  cohere: options as Record<string, never>
})

export interface CallCase {
  readonly name: string
  readonly options: LanguageModelV4CallOptions
  readonly modelId?: string
}

const reasoningLevels = ["none", "minimal", "low", "medium", "high", "xhigh", "provider-default"] as const
// The pin's nested @ai-sdk/provider 4.0.19 has no `max` level in its types; aimux's contract has it and
// upstream reads it at runtime (unsupported in its budget table), so the case is built untyped.
const maxReasoning: object = { reasoning: "max" }

export const callCases: ReadonlyArray<CallCase> = [
  { name: "plain", options: { prompt } },
  {
    name: "every setting",
    options: {
      prompt,
      maxOutputTokens: 50,
      temperature: 0.2,
      topP: 0.8,
      topK: 3,
      seed: 1,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stopSequences: ["s", "t"]
    }
  },
  { name: "json with schema", options: { prompt, responseFormat: { type: "json", name: "n", schema: { type: "object" } } } },
  { name: "json without schema", options: { prompt, responseFormat: { type: "json" } } },
  { name: "text format", options: { prompt, responseFormat: { type: "text" } } },
  { name: "thinking option", options: { prompt, providerOptions: co({ thinking: { tokenBudget: 100 } }) } },
  { name: "thinking disabled", options: { prompt, providerOptions: co({ thinking: { type: "disabled" } }) } },
  { name: "thinking option wins over reasoning", options: { prompt, reasoning: "high", providerOptions: co({ thinking: {} }) } },
  { name: "invalid thinking type", options: { prompt, providerOptions: co({ thinking: { type: "maybe" } }) } },
  { name: "invalid token budget", options: { prompt, providerOptions: co({ thinking: { tokenBudget: "1" } }) } },
  { name: "other provider namespace ignored", options: { prompt, providerOptions: { openai: { x: 1 } } } },
  ...reasoningLevels.map((reasoning): CallCase => ({ name: `reasoning ${reasoning}`, options: { prompt, reasoning } })),
  { name: "reasoning max", options: { prompt, ...maxReasoning } },
  { name: "reasoning with max tokens", options: { prompt, reasoning: "low", maxOutputTokens: 100 } },
  {
    name: "tools, provider tool warning",
    options: { prompt, tools: [fn, { type: "provider", id: "cohere.web", name: "web", args: {} }], toolChoice: { type: "auto" } }
  },
  { name: "tool choice none", options: { prompt, tools: [fn], toolChoice: { type: "none" } } },
  { name: "tool choice required", options: { prompt, tools: [fn, other], toolChoice: { type: "required" } } },
  { name: "tool choice tool", options: { prompt, tools: [fn, other], toolChoice: { type: "tool", toolName: "now" } } },
  { name: "tool choice without tools", options: { prompt, toolChoice: { type: "required" } } },
  { name: "empty tools", options: { prompt, tools: [], toolChoice: { type: "none" } } },
  { name: "only provider tools", options: { prompt, tools: [{ type: "provider", id: "x.y", name: "y", args: {} }] } },
  {
    name: "prompt conversion",
    options: {
      prompt: [
        { role: "system", content: "sys" },
        { role: "user", content: [{ type: "text", text: "a" }, { type: "text", text: "" }, { type: "text", text: "b" }] },
        {
          role: "assistant",
          content: [{ type: "reasoning", text: "think" }, { type: "text", text: "answer" }, { type: "text", text: " more" }]
        },
        {
          role: "assistant",
          content: [
            { type: "text", text: "dropped" },
            { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris" } },
            { type: "tool-call", toolCallId: "c2", toolName: "now", input: {} }
          ]
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "text", value: "sunny" } },
            { type: "tool-result", toolCallId: "c2", toolName: "now", output: { type: "json", value: { t: 1 } } },
            { type: "tool-result", toolCallId: "c3", toolName: "now", output: { type: "error-text", value: "bad" } },
            { type: "tool-result", toolCallId: "c4", toolName: "now", output: { type: "error-json", value: [1, "x"] } },
            { type: "tool-result", toolCallId: "c5", toolName: "now", output: { type: "execution-denied" } },
            { type: "tool-result", toolCallId: "c6", toolName: "now", output: { type: "execution-denied", reason: "no" } },
            {
              type: "tool-result",
              toolCallId: "c7",
              toolName: "now",
              output: { type: "content", value: [{ type: "text", text: "t" }] }
            },
            { type: "tool-approval-response", approvalId: "a", approved: true }
          ]
        }
      ]
    }
  },
  {
    name: "documents from files",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "summarize" },
          { type: "file", mediaType: "text/plain", filename: "a.txt", data: { type: "text", text: "alpha" } },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: new TextEncoder().encode("bytes doc") } },
          { type: "file", mediaType: "text/plain", data: { type: "data", data: "string doc" } }
        ]
      }]
    }
  },
  {
    name: "images",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
          { type: "file", mediaType: "image/*", data: { type: "data", data: png }, providerOptions: co({ detail: "high" }) },
          { type: "file", mediaType: "image/jpeg", data: { type: "url", url: new URL("https://e.com/a.jpg") } },
          { type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" }, providerOptions: co({ detail: "low" }) },
          { type: "text", text: "" },
          { type: "file", mediaType: "text/plain", data: { type: "text", text: "doc beside images" } }
        ]
      }]
    }
  },
  {
    name: "invalid image detail",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "data", data: png }, providerOptions: co({ detail: "max" }) }] }]
    }
  },
  {
    name: "image reference fails",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "reference", reference: { cohere: "f" } } }] }]
    }
  },
  {
    name: "image text fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "text", text: "t" } }] }] }
  },
  {
    name: "undetectable image type fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/*", data: { type: "data", data: new Uint8Array([1, 2, 3]) } }] }] }
  },
  {
    name: "file url fails",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("https://e.com/a.pdf") } }] }]
    }
  },
  {
    name: "file reference fails",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "reference", reference: { cohere: "f" } } }] }]
    }
  },
  { name: "call headers", options: { prompt, headers: { "x-call": "1", authorization: "Bearer call" } } },
  { name: "another model", options: { prompt }, modelId: "command-a-reasoning-08-2025" }
]
