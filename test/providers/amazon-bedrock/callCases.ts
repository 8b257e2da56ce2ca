/**
 * Call options the request-body differential runs through both providers:
 * every branch of upstream's `getArgs`, `prepareTools` and
 * `convertToAmazonBedrockChatMessages`.
 */
import type { UpstreamOptions } from "./harness.ts"

export interface CallCase {
  readonly name: string
  readonly options: UpstreamOptions
  readonly modelId?: string
  readonly modelFamily?: "anthropic"
}

type Prompt = UpstreamOptions["prompt"]

const hi: Prompt = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
const pdf = "JVBERi0xLjQK"
const weather = { type: "function" as const, name: "weather", description: "Get the weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }
const strictSchema = { type: "object", properties: { a: { type: "object", properties: { b: { type: "string" } }, additionalProperties: false } }, additionalProperties: false }
const jsonSchema = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1, format: "email", description: "who" },
    tags: { type: "array", items: { type: "string", pattern: "^x" }, maxItems: 3 },
    kind: { oneOf: [{ type: "string" }, { type: "number", minimum: 0 }] },
    when: { type: "string", format: "date-time" },
    odd: { type: "string", format: "phone" }
  },
  required: ["name"],
  $defs: { X: { type: "object", properties: { y: { type: "integer", exclusiveMaximum: 9 } } } }
}

const toolConversation: Prompt = [
  { role: "user", content: [{ type: "text", text: "weather?" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Checking " },
      { type: "tool-call", toolCallId: "tooluse_abc-123_XYZ", toolName: "weather", input: { city: "Paris" } },
      { type: "tool-call", toolCallId: "call-2", toolName: "weird name!", input: "not an object" },
      { type: "tool-call", toolCallId: "call-3", toolName: "arr", input: [1, 2] },
      { type: "tool-call", toolCallId: "call-4", toolName: "nul", input: null }
    ]
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "tooluse_abc-123_XYZ", toolName: "weather", output: { type: "json", value: { temp: 21 } } },
      { type: "tool-result", toolCallId: "call-2", toolName: "weird name!", output: { type: "text", value: "ok" } },
      { type: "tool-result", toolCallId: "call-3", toolName: "arr", output: { type: "error-text", value: "boom" } },
      { type: "tool-result", toolCallId: "call-4", toolName: "nul", output: { type: "execution-denied" } },
      { type: "tool-approval-response", approvalId: "a1", approved: true }
    ]
  },
  { role: "user", content: [{ type: "text", text: "thanks" }] }
]

export const callCases: ReadonlyArray<CallCase> = [
  { name: "plain", options: { prompt: hi } },
  {
    name: "inference config and unsupported settings",
    options: {
      prompt: hi,
      maxOutputTokens: 100,
      temperature: 0.5,
      topP: 0.9,
      topK: 40,
      stopSequences: ["END"],
      frequencyPenalty: 0.1,
      presencePenalty: 0.2,
      seed: 7
    }
  },
  { name: "temperature above 1 clamped", options: { prompt: hi, temperature: 1.7 } },
  { name: "temperature below 0 clamped", options: { prompt: hi, temperature: -0.5 } },
  { name: "sampling rejected (opus 4.7)", options: { prompt: hi, temperature: 0.3, topP: 0.5, topK: 3 }, modelId: "us.anthropic.claude-opus-4-7" },
  {
    name: "gpt-oss drops stop sequences",
    options: { prompt: hi, temperature: 2, topP: 0.5, stopSequences: ["x"] },
    modelId: "openai.gpt-oss-120b-1:0"
  },
  {
    name: "gpt-5 drops temperature, topP, stop sequences",
    options: { prompt: hi, temperature: 2, topP: 0.5, stopSequences: ["x"], maxOutputTokens: 5 },
    modelId: "us.openai.gpt-5.6-luna"
  },
  { name: "non-anthropic model (nova)", options: { prompt: hi, maxOutputTokens: 10 }, modelId: "us.amazon.nova-pro-v1:0" },
  {
    name: "system messages with cache points",
    options: {
      prompt: [
        { role: "system", content: "You are terse.", providerOptions: { amazonBedrock: { cachePoint: { type: "default" } } } },
        { role: "system", content: "Second.", providerOptions: { bedrock: { cachePoint: { type: "default", ttl: "1h" } } } },
        {
          role: "user",
          content: [
            { type: "text", text: "a", providerOptions: { amazonBedrock: { cachePoint: { type: "default" } } } },
            { type: "text", text: "b" }
          ],
          providerOptions: { amazonBedrock: { cachePoint: { type: "default", ttl: "5m" } } }
        },
        {
          role: "assistant",
          content: [{ type: "text", text: "  answer  ", providerOptions: { amazonBedrock: { cachePoint: { type: "default" } } } }],
          providerOptions: { amazonBedrock: { cachePoint: { type: "default" } } }
        },
        { role: "user", content: [{ type: "text", text: "c" }] }
      ]
    }
  },
  {
    name: "system after a user message",
    options: { prompt: [...hi, { role: "system", content: "late" }] }
  },
  {
    name: "guard content, images, videos, documents",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "guarded", providerOptions: { amazonBedrock: { guardContent: true, guardContentQualifiers: ["query", "grounding_source"] } } },
          { type: "text", text: "guarded legacy", providerOptions: { bedrock: { guardContent: true } } },
          { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
          { type: "file", mediaType: "image/*", data: { type: "data", data: png } },
          { type: "file", mediaType: "image/png", data: { type: "data", data: png }, providerOptions: { amazonBedrock: { guardContent: true } } },
          { type: "file", mediaType: "image/jpeg", data: { type: "url", url: new URL("s3://bucket/cat.jpg") } },
          { type: "file", mediaType: "video/mp4", data: { type: "data", data: "AAAAIGZ0eXBpc29t" } },
          { type: "file", mediaType: "video/quicktime", data: { type: "url", url: new URL("s3://bucket/clip.mov") } },
          { type: "file", mediaType: "application/pdf", filename: "My Report (v2).final.pdf", data: { type: "data", data: pdf } },
          {
            type: "file",
            mediaType: "application/pdf",
            data: { type: "data", data: pdf },
            providerOptions: { amazonBedrock: { citations: { enabled: true } } }
          },
          { type: "file", mediaType: "text/plain", filename: "notes.txt", data: { type: "text", text: "plain notes ü" } },
          { type: "file", mediaType: "text", data: { type: "text", text: "no subtype" }, providerOptions: { bedrock: { citations: { enabled: true } } } },
          { type: "file", mediaType: "text/csv", filename: "###", data: { type: "data", data: "YSxi" } },
          {
            type: "file",
            mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            filename: "spec.docx",
            data: { type: "data", data: "UEsDBA==" }
          }
        ]
      }]
    }
  },
  {
    name: "image https URL unsupported",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://x.test/a.png") } }] }] }
  },
  {
    name: "unsupported document mime type",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/zip", data: { type: "data", data: "UEsDBA==" } }] }] }
  },
  {
    name: "unsupported image mime type",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/bmp", data: { type: "data", data: "Qk0=" } }] }] }
  },
  {
    name: "file reference unsupported",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "reference", reference: { bedrock: "f1" } } }] }] }
  },
  {
    name: "s3 URL of a document unsupported",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "url", url: new URL("s3://b/x.pdf") } }] }] }
  },
  {
    name: "assistant reasoning replay and trimming",
    options: {
      prompt: [
        ...hi,
        {
          role: "assistant",
          content: [
            { type: "reasoning", text: " signed thought ", providerOptions: { amazonBedrock: { signature: "sig" } } },
            { type: "reasoning", text: "", providerOptions: { bedrock: { redactedData: "data" } } },
            { type: "reasoning", text: "", providerOptions: { amazonBedrock: { redactedContent: "enc" } } },
            { type: "reasoning", text: "unsigned" },
            { type: "text", text: "   " },
            { type: "text", text: "final answer \n" }
          ]
        }
      ]
    }
  },
  {
    name: "assistant empty text skipped, last text trimmed",
    options: { prompt: [...hi, { role: "assistant", content: [{ type: "text", text: "  " }, { type: "text", text: " prefill " }] }] }
  },
  { name: "tool conversation without tools (removed)", options: { prompt: toolConversation } },
  { name: "tool conversation with tools", options: { prompt: toolConversation, tools: [weather] } },
  { name: "tool conversation, mistral ids", options: { prompt: toolConversation, tools: [weather] }, modelId: "mistral.mistral-large-2402-v1:0" },
  {
    name: "tool result contents",
    options: {
      tools: [weather],
      prompt: [
        ...hi,
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: {} }] },
        {
          role: "tool",
          content: [{
            type: "tool-result",
            toolCallId: "c1",
            toolName: "weather",
            output: {
              type: "content",
              value: [
                { type: "text", text: "see" },
                { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
                { type: "file", mediaType: "image/jpeg", data: { type: "url", url: new URL("s3://b/i.jpg") } },
                { type: "file", mediaType: "video/mp4", data: { type: "data", data: "AAAA" } },
                { type: "file", mediaType: "application/pdf", filename: "r.pdf", data: { type: "data", data: pdf } },
                {
                  type: "file",
                  mediaType: "application/pdf",
                  data: { type: "data", data: pdf },
                  providerOptions: { amazonBedrock: { citations: { enabled: true } } }
                }
              ]
            },
            providerOptions: { amazonBedrock: { cachePoint: { type: "default" } } }
          }, {
            type: "tool-result",
            toolCallId: "c2",
            toolName: "weather",
            output: { type: "error-json", value: { code: 1 } }
          }, {
            type: "tool-result",
            toolCallId: "c3",
            toolName: "weather",
            output: { type: "execution-denied", reason: "no" }
          }]
        }
      ]
    }
  },
  {
    name: "tool result file URL unsupported",
    options: {
      tools: [weather],
      prompt: [
        ...hi,
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: {} }] },
        {
          role: "tool",
          content: [{
            type: "tool-result",
            toolCallId: "c1",
            toolName: "weather",
            output: { type: "content", value: [{ type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://x/i.png") } }] }
          }]
        }
      ]
    }
  },
  {
    name: "assistant tool results (provider-executed) and role merging",
    options: {
      tools: [weather],
      prompt: [
        ...hi,
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "x" } },
            { type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "text", value: "r1" } },
            { type: "text", text: "after" }
          ]
        },
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "c2", toolName: "weather", input: { city: "y" } },
            { type: "tool-result", toolCallId: "c2", toolName: "weather", output: { type: "text", value: "r2" }, providerOptions: { amazonBedrock: { cachePoint: { type: "default" } } } }
          ],
          providerOptions: { amazonBedrock: { cachePoint: { type: "default" } } }
        },
        { role: "user", content: [{ type: "text", text: "next" }] }
      ]
    }
  },
  {
    name: "function tools: descriptions, strict, tool choice auto",
    options: {
      prompt: hi,
      toolChoice: { type: "auto" },
      tools: [
        weather,
        { type: "function", name: "blank", description: "  ", inputSchema: { type: "object" } },
        { type: "function", name: "nodesc", inputSchema: { type: "object" } },
        { type: "function", name: "strict_ok", inputSchema: strictSchema, strict: true },
        { type: "function", name: "strict_bad", inputSchema: { type: "object", properties: { a: { type: "object" } } }, strict: true },
        { type: "function", name: "not_strict", inputSchema: { type: "object" }, strict: false }
      ]
    }
  },
  {
    name: "strict unsupported model",
    options: { prompt: hi, tools: [{ type: "function", name: "s", inputSchema: strictSchema, strict: true }] },
    modelId: "us.anthropic.claude-opus-4-7"
  },
  { name: "tool choice required", options: { prompt: hi, tools: [weather], toolChoice: { type: "required" } } },
  { name: "tool choice none", options: { prompt: hi, tools: [weather], toolChoice: { type: "none" } } },
  {
    name: "tool choice tool",
    options: { prompt: hi, tools: [weather, { type: "function", name: "other", inputSchema: { type: "object" } }], toolChoice: { type: "tool", toolName: "other" } }
  },
  {
    name: "disable parallel tool use",
    options: { prompt: hi, tools: [weather], toolChoice: { type: "required" }, providerOptions: { anthropic: { disableParallelToolUse: true } } }
  },
  {
    name: "disable parallel tool use, named tool",
    options: { prompt: hi, tools: [weather], toolChoice: { type: "tool", toolName: "weather" }, providerOptions: { anthropic: { disableParallelToolUse: true } } }
  },
  {
    name: "disable parallel tool use, auto",
    options: { prompt: hi, tools: [weather], providerOptions: { anthropic: { disableParallelToolUse: true } } }
  },
  {
    name: "forced tool use rejected (required)",
    options: { prompt: hi, tools: [weather], toolChoice: { type: "required" } },
    modelId: "us.anthropic.claude-sonnet-5-5"
  },
  {
    name: "forced tool use rejected (tool)",
    options: { prompt: hi, tools: [weather, { type: "function", name: "o", inputSchema: { type: "object" } }], toolChoice: { type: "tool", toolName: "o" } },
    modelId: "us.anthropic.claude-fable-5-1"
  },
  {
    name: "anthropic web tools dropped",
    options: {
      prompt: hi,
      tools: [
        { type: "provider", id: "anthropic.web_search_20250305", name: "web_search", args: {} },
        { type: "provider", id: "anthropic.web_fetch_20260318", name: "web_fetch", args: {} }
      ]
    }
  },
  {
    name: "anthropic bash_20250124 on an anthropic model",
    options: { prompt: hi, tools: [{ type: "provider", id: "anthropic.bash_20250124", name: "bash", args: {} }] }
  },
  {
    name: "anthropic provider tools beside a function tool, tool choice auto",
    options: {
      prompt: hi,
      tools: [
        weather,
        { type: "provider", id: "anthropic.text_editor_20250728", name: "str_replace_based_edit_tool", args: { maxCharacters: 1000 } },
        { type: "provider", id: "anthropic.computer_20250124", name: "computer", args: { displayWidthPx: 1024, displayHeightPx: 768, displayNumber: 1 } },
        { type: "provider", id: "anthropic.code_execution_20250825", name: "code_execution", args: {} },
        { type: "provider", id: "anthropic.memory_20250818", name: "memory", args: {} }
      ],
      toolChoice: { type: "auto" }
    }
  },
  {
    name: "anthropic provider tool with tool choice naming it",
    options: {
      prompt: hi,
      tools: [weather, { type: "provider", id: "anthropic.bash_20241022", name: "bash", args: {} }],
      toolChoice: { type: "tool", toolName: "bash" }
    }
  },
  {
    name: "anthropic provider tool with disable parallel tool use",
    options: {
      prompt: hi,
      tools: [{ type: "provider", id: "anthropic.bash_20250124", name: "bash", args: {} }],
      providerOptions: { anthropic: { disableParallelToolUse: true } }
    }
  },
  {
    name: "an unknown anthropic provider tool on an anthropic model",
    options: { prompt: hi, tools: [weather, { type: "provider", id: "anthropic.nonexistent_20990101", name: "nope", args: {} }] }
  },
  {
    name: "provider tool on a non-anthropic model",
    options: { prompt: hi, tools: [weather, { type: "provider", id: "openai.web_search", name: "ws", args: {} }] },
    modelId: "us.amazon.nova-pro-v1:0"
  },
  {
    name: "native structured output",
    options: { prompt: hi, responseFormat: { type: "json", schema: jsonSchema } }
  },
  {
    name: "structured output: json tool mode strips output_config.format",
    options: {
      prompt: hi,
      responseFormat: { type: "json", schema: jsonSchema },
      providerOptions: {
        amazonBedrock: {
          structuredOutputMode: "jsonTool",
          additionalModelRequestFields: { output_config: { format: { type: "x" }, effort: "low" }, other: 1 }
        }
      }
    }
  },
  {
    name: "structured output: json tool mode, only a format",
    options: {
      prompt: hi,
      responseFormat: { type: "json", schema: jsonSchema },
      providerOptions: { anthropic: { structuredOutputMode: "jsonTool" }, amazonBedrock: { additionalModelRequestFields: { output_config: { format: {} } } } }
    }
  },
  { name: "structured output: haiku 4.5 uses the json tool", options: { prompt: hi, responseFormat: { type: "json", schema: jsonSchema } }, modelId: "us.anthropic.claude-haiku-4-5-20251001-v1:0" },
  {
    name: "structured output: json instruction (forced tool use rejected)",
    options: { prompt: [{ role: "system", content: "Be brief." }, ...hi], responseFormat: { type: "json", schema: jsonSchema } },
    modelId: "us.anthropic.claude-sonnet-5-5"
  },
  {
    name: "structured output: json instruction (no strict tools, with tools)",
    options: { prompt: hi, responseFormat: { type: "json", schema: jsonSchema }, tools: [weather] },
    modelId: "us.anthropic.claude-opus-4-7"
  },
  { name: "structured output: non-anthropic json tool", options: { prompt: hi, responseFormat: { type: "json", schema: jsonSchema } }, modelId: "us.meta.llama3-3-70b-instruct-v1:0" },
  { name: "json without schema", options: { prompt: hi, responseFormat: { type: "json" } } },
  {
    name: "reasoning config enabled with budget",
    options: { prompt: hi, maxOutputTokens: 1000, temperature: 0.5, topP: 0.3, topK: 2, providerOptions: { amazonBedrock: { reasoningConfig: { type: "enabled", budgetTokens: 2048 } } } }
  },
  {
    name: "reasoning config enabled, no max tokens",
    options: { prompt: hi, providerOptions: { bedrock: { reasoningConfig: { type: "enabled", budgetTokens: 1024 } } } }
  },
  {
    name: "reasoning config adaptive with display and effort",
    options: { prompt: hi, providerOptions: { amazonBedrock: { reasoningConfig: { type: "adaptive", display: "summarized", maxReasoningEffort: "high" } } } },
    modelId: "us.anthropic.claude-sonnet-4-6-v1"
  },
  {
    name: "reasoning config on a non-anthropic model",
    options: { prompt: hi, providerOptions: { amazonBedrock: { reasoningConfig: { type: "adaptive", budgetTokens: 10, maxReasoningEffort: "low" } } } },
    modelId: "us.amazon.nova-pro-v1:0"
  },
  { name: "portable reasoning, budget model", options: { prompt: hi, reasoning: "medium" } },
  { name: "portable reasoning xhigh, budget model", options: { prompt: hi, reasoning: "xhigh" } },
  { name: "portable reasoning, adaptive model", options: { prompt: hi, reasoning: "minimal" }, modelId: "us.anthropic.claude-opus-4-6-v1" },
  { name: "portable reasoning none", options: { prompt: hi, reasoning: "none", providerOptions: { amazonBedrock: { reasoningConfig: { maxReasoningEffort: "low" } } } } },
  {
    name: "portable reasoning with explicit disabled",
    options: { prompt: hi, reasoning: "high", providerOptions: { amazonBedrock: { reasoningConfig: { type: "disabled" } } } }
  },
  { name: "portable reasoning, gpt-oss", options: { prompt: hi, reasoning: "high" }, modelId: "openai.gpt-oss-20b-1:0" },
  { name: "portable reasoning, gpt-5", options: { prompt: hi, reasoning: "low", providerOptions: { amazonBedrock: { additionalModelRequestFields: { reasoning: { summary: "auto" } } } } }, modelId: "us.openai.gpt-5.6-luna" },
  { name: "portable reasoning, nova 2 high drops max tokens", options: { prompt: hi, reasoning: "high", maxOutputTokens: 99 }, modelId: "us.amazon.nova-2-lite-v1:0" },
  { name: "portable reasoning, unsupported model", options: { prompt: hi, reasoning: "medium" }, modelId: "us.meta.llama3-3-70b-instruct-v1:0" },
  { name: "provider-default reasoning", options: { prompt: hi, reasoning: "provider-default" } },
  {
    name: "passthrough options, guardrails, service tier, betas",
    options: {
      prompt: hi,
      providerOptions: {
        amazonBedrock: {
          guardrailConfig: { guardrailIdentifier: "g1", guardrailVersion: "1", trace: "enabled", streamProcessingMode: "sync" },
          performanceConfig: { latency: "optimized" },
          serviceTier: "priority",
          anthropicBeta: ["context-1m-2025-08-07"],
          additionalModelRequestFields: { top_k: 5 },
          requestMetadata: { team: "a" }
        }
      }
    }
  },
  {
    name: "legacy bedrock key",
    options: { prompt: hi, providerOptions: { bedrock: { serviceTier: "flex", additionalModelRequestFields: { x: [1] } } } }
  },
  { name: "invalid provider options", options: { prompt: hi, providerOptions: { amazonBedrock: { serviceTier: "gold" } } } },
  { name: "invalid anthropic options", options: { prompt: hi, providerOptions: { anthropic: { disableParallelToolUse: "yes" } } } },
  {
    name: "inference profile with a thinking budget counts as anthropic",
    options: { prompt: hi, providerOptions: { amazonBedrock: { reasoningConfig: { type: "enabled", budgetTokens: 1500 } } } },
    modelId: "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc"
  },
  {
    name: "model family anthropic",
    options: { prompt: hi, responseFormat: { type: "json", schema: jsonSchema } },
    modelId: "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/xyz",
    modelFamily: "anthropic"
  }
]
