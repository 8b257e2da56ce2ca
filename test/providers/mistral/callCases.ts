/**
 * Call options matrix for Mistral request-body comparisons: every call
 * option and provider option upstream reads, reasoning levels on models with
 * each effort set, JSON output modes, tools and tool choices, the prompt
 * conversion branches (images, PDFs, thinking, prefix, tool results) and the
 * failures upstream raises.
 */
import type { UpstreamOptions as LanguageModelV4CallOptions } from "./harness.ts"

type Prompt = LanguageModelV4CallOptions["prompt"]

const user = (text: string): Prompt[number] => ({ role: "user", content: [{ type: "text", text }] })
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82])
const pdf = new TextEncoder().encode("%PDF-1.4 tiny")
const prompt: Prompt = [user("hi")]
const fn = {
  type: "function" as const,
  name: "weather",
  description: "Weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } } }
}
const other = { type: "function" as const, name: "now", inputSchema: { type: "object" }, strict: true }
const loose = { type: "function" as const, name: "loose", inputSchema: { type: "object" }, strict: false }
const mi = (options: Record<string, unknown>): NonNullable<LanguageModelV4CallOptions["providerOptions"]> => ({
  mistral: options as Record<string, never>
})
const schema = { type: "object", properties: { a: { type: "number" } }, required: ["a"] }

export interface CallCase {
  readonly name: string
  readonly options: LanguageModelV4CallOptions
  readonly modelId?: string
}

const reasoningLevels = ["none", "minimal", "low", "medium", "high", "xhigh", "max", "provider-default"] as const
const reasoningModels = ["mistral-large-latest", "magistral-medium-latest", "zai-glm-5-3", "mistral-large-4", "some-future-model"]

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
  { name: "zero penalties are sent", options: { prompt, presencePenalty: 0, frequencyPenalty: 0 } },
  {
    name: "every provider option",
    options: {
      prompt,
      providerOptions: mi({
        safePrompt: true,
        documentImageLimit: 4,
        documentPageLimit: 12,
        promptCacheKey: "k1",
        parallelToolCalls: false
      })
    }
  },
  { name: "safePrompt false, empty cache key", options: { prompt, providerOptions: mi({ safePrompt: false, promptCacheKey: "" }) } },
  { name: "parallelToolCalls with tools", options: { prompt, tools: [fn], providerOptions: mi({ parallelToolCalls: true }) } },
  { name: "invalid safePrompt", options: { prompt, providerOptions: mi({ safePrompt: "yes" }) } },
  { name: "invalid reasoningEffort", options: { prompt, providerOptions: mi({ reasoningEffort: "xhigh" }) } },
  { name: "other provider namespace ignored", options: { prompt, providerOptions: { openai: { x: 1 } } } },
  { name: "json with schema", options: { prompt, responseFormat: { type: "json", name: "n", description: "d", schema } } },
  { name: "json with schema, default name", options: { prompt, responseFormat: { type: "json", schema } } },
  { name: "json strict", options: { prompt, responseFormat: { type: "json", schema }, providerOptions: mi({ strictJsonSchema: true }) } },
  {
    name: "json schema without structured outputs: instruction into the system message",
    options: {
      prompt: [{ role: "system", content: "be brief" }, user("hi")],
      responseFormat: { type: "json", schema },
      providerOptions: mi({ structuredOutputs: false })
    }
  },
  { name: "json without schema: instruction in a new system message", options: { prompt, responseFormat: { type: "json" } } },
  {
    name: "json without schema, empty system message",
    options: { prompt: [{ role: "system", content: "" }, user("hi")], responseFormat: { type: "json" } }
  },
  { name: "text format", options: { prompt, responseFormat: { type: "text" } } },
  ...reasoningModels.flatMap((modelId) =>
    reasoningLevels.map((reasoning): CallCase => ({ name: `reasoning ${reasoning} on ${modelId}`, options: { prompt, reasoning }, modelId }))
  ),
  { name: "reasoningEffort option over reasoning", options: { prompt, reasoning: "low", providerOptions: mi({ reasoningEffort: "max" }) }, modelId: "magistral-small-latest" },
  { name: "reasoningEffort option on a model without reasoning", options: { prompt, providerOptions: mi({ reasoningEffort: "high" }) } },
  {
    name: "tools, provider tool warning, strict flags",
    options: { prompt, tools: [fn, other, loose, { type: "provider", id: "mistral.web", name: "web", args: {} }], toolChoice: { type: "auto" } }
  },
  { name: "tool choice none", options: { prompt, tools: [fn], toolChoice: { type: "none" } } },
  { name: "tool choice required", options: { prompt, tools: [fn, other], toolChoice: { type: "required" } } },
  { name: "tool choice tool", options: { prompt, tools: [fn, other], toolChoice: { type: "tool", toolName: "now" } } },
  { name: "tool choice without tools", options: { prompt, toolChoice: { type: "required" } } },
  { name: "empty tools", options: { prompt, tools: [], toolChoice: { type: "none" }, providerOptions: mi({ parallelToolCalls: true }) } },
  { name: "only provider tools", options: { prompt, tools: [{ type: "provider", id: "x.y", name: "y", args: {} }] } },
  {
    name: "prompt conversion",
    options: {
      prompt: [
        { role: "system", content: "sys" },
        { role: "user", content: [{ type: "text", text: "a" }, { type: "text", text: "" }, { type: "text", text: "b" }] },
        { role: "assistant", content: [{ type: "text", text: "answer" }, { type: "text", text: " more" }] },
        {
          role: "assistant",
          content: [{ type: "reasoning", text: "think" }, { type: "text", text: "with thinking" }, { type: "reasoning", text: "" }]
        },
        {
          role: "assistant",
          content: [
            { type: "text", text: "calling" },
            { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris" } },
            { type: "tool-call", toolCallId: "c2", toolName: "now", input: "{\"raw\":true}" },
            { type: "tool-call", toolCallId: "c3", toolName: "now", input: "not json" }
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
        },
        user("next")
      ]
    }
  },
  {
    name: "trailing assistant message is a prefix",
    options: { prompt: [user("start"), { role: "assistant", content: [{ type: "text", text: "prefix and" }] }] }
  },
  {
    name: "trailing assistant message with reasoning",
    options: { prompt: [user("start"), { role: "assistant", content: [{ type: "reasoning", text: "r" }, { type: "text", text: "t" }] }] }
  },
  {
    name: "images and PDFs",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
          { type: "file", mediaType: "image/*", data: { type: "data", data: png } },
          { type: "file", mediaType: "image/jpeg", data: { type: "url", url: new URL("https://e.com/a.jpg") } },
          { type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" } },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: pdf } },
          { type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("https://e.com/a.pdf") } },
          { type: "file", mediaType: "application/*", data: { type: "data", data: pdf } },
          { type: "file", mediaType: "application/pdf", filename: "doc.pdf", data: { type: "data", data: "JVBERi0xLjQ=" } }
        ]
      }]
    }
  },
  {
    name: "a text file fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/plain", data: { type: "data", data: "aGk=" } }] }] }
  },
  {
    name: "a text file by URL fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/csv", data: { type: "url", url: new URL("https://e.com/a.csv") } }] }] }
  },
  {
    name: "text file data fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "text", text: "t" } }] }] }
  },
  {
    name: "file reference fails",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "reference", reference: { mistral: "f" } } }] }]
    }
  },
  {
    name: "undetectable image type fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/*", data: { type: "data", data: new Uint8Array([1, 2, 3]) } }] }] }
  },
  {
    name: "undetectable document type fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/*", data: { type: "data", data: new Uint8Array([1, 2, 3]) } }] }] }
  },
  {
    name: "image URL with a wildcard type",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/*", data: { type: "url", url: new URL("https://e.com/x") } }] }] }
  },
  { name: "call headers", options: { prompt, headers: { "x-call": "1", authorization: "Bearer call" } } },
  { name: "another model", options: { prompt }, modelId: "codestral-latest" }
]
