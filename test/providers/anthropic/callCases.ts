/**
 * Call options matrix for request-body comparisons (upstream call options;
 * aimux decodes them into its own).
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"

type Prompt = LanguageModelV4CallOptions["prompt"]

const user = (text: string): Prompt[number] => ({ role: "user", content: [{ type: "text", text }] })
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])
const pdf = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52])

const toolTurn = (input: unknown): Prompt => [
  user("call it"),
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "f", input }] },
  {
    role: "tool",
    content: [{ type: "tool-result", toolCallId: "c1", toolName: "f", output: { type: "json", value: { ok: true } } }]
  }
]

const providerTool = (id: `${string}.${string}`, name: string, args: Record<string, unknown> = {}) => ({
  type: "provider" as const,
  id,
  name,
  args
})

const fn = { type: "function" as const, name: "weather", description: "Weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }

export interface CallCase {
  readonly name: string
  readonly options: LanguageModelV4CallOptions
  readonly modelId?: string
}


// JSON response format with a schema: native structured outputs or the `json` response tool,
// chosen from the model's capabilities, the schema and `structuredOutputMode`.
const answerSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  title: "Answer",
  description: "The answer",
  properties: {
    name: { type: "string", minLength: 1, maxLength: 40, format: "email" },
    age: { type: "integer", minimum: 0, exclusiveMaximum: 150, multipleOf: 1, default: 3 },
    when: { type: "string", format: "date-time" },
    slug: { type: "string", pattern: "^[a-z]+$", format: "slug" },
    kind: { oneOf: [{ const: "a" }, { type: "string", enum: ["b", "c"] }] },
    both: { allOf: [{ type: "object", properties: { x: { type: "number" } } }] },
    tags: { type: "array", items: { type: "string" }, minItems: 1, uniqueItems: true },
    pair: { type: "array", items: [{ type: "string" }, { type: "number" }], maxItems: 2 },
    nested: { $ref: "#/$defs/Nested" },
    notNull: { not: { type: "null" } },
    flag: { type: "boolean", uniqueItems: false }
  },
  required: ["name", "age", "when", "slug", "kind", "both", "tags", "pair", "nested", "notNull", "flag"],
  $defs: { Nested: { type: "object", properties: { n: { type: "number" } }, required: ["n"], minProperties: 1 } },
  definitions: { Other: { type: "string", maxLength: 3 } }
}
const openObjectSchema = { type: "object", properties: { meta: { type: "object", additionalProperties: { type: "string" } } }, required: ["meta"] }
const treeSchema = {
  $ref: "#/definitions/Node",
  definitions: { Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/definitions/Node" } } } } }
}
const manyOptionalSchema = {
  type: "object",
  properties: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, { type: "string" }]))
}
const json = (schema: Record<string, unknown>) => ({ type: "json" as const, schema })
const search = providerTool("anthropic.web_search_20250305", "search")

const jsonResponseCases: ReadonlyArray<CallCase> = [
  { name: "json: native structured output", options: { prompt: [user("a")], responseFormat: json(answerSchema) } },
  { name: "json: without schema warns", options: { prompt: [user("a")], responseFormat: { type: "json" } } },
  {
    name: "json: native with effort and task budget",
    modelId: "claude-opus-4-6",
    options: {
      prompt: [user("a")],
      responseFormat: json({ type: "object", properties: { a: { type: "string" } }, required: ["a"] }),
      providerOptions: { anthropic: { effort: "low", taskBudget: { type: "tokens", total: 20000 } } }
    }
  },
  { name: "json: top-level $ref sent natively", options: { prompt: [user("a")], responseFormat: json({ $ref: "#/definitions/A", definitions: { A: { type: "object", properties: { a: { type: "string", maxLength: 2 } }, required: ["a"] } } }) } },
  { name: "json: open object uses the json tool", options: { prompt: [user("a")], responseFormat: json(openObjectSchema) } },
  { name: "json: circular schema uses the json tool", options: { prompt: [user("a")], responseFormat: json(treeSchema) } },
  { name: "json: 11 optional properties use the json tool", options: { prompt: [user("a")], responseFormat: json(manyOptionalSchema) } },
  { name: "json: model without native output uses the json tool", modelId: "claude-3-haiku-20240307", options: { prompt: [user("a")], responseFormat: json(answerSchema) } },
  {
    name: "json: structuredOutputMode jsonTool",
    options: { prompt: [user("a")], responseFormat: json(answerSchema), providerOptions: { anthropic: { structuredOutputMode: "jsonTool" } } }
  },
  {
    name: "json: structuredOutputMode outputFormat on a model without native output",
    modelId: "claude-3-haiku-20240307",
    options: { prompt: [user("a")], responseFormat: json(openObjectSchema), providerOptions: { anthropic: { structuredOutputMode: "outputFormat" } } }
  },
  {
    name: "json: jsonTool on a model rejecting forced tool use falls back to outputFormat",
    modelId: "claude-opus-5-5",
    options: { prompt: [user("a")], responseFormat: json(answerSchema), providerOptions: { anthropic: { structuredOutputMode: "jsonTool" } } }
  },
  {
    name: "json: tool on a model rejecting forced tool use (schema not native)",
    modelId: "claude-opus-5-5",
    options: { prompt: [user("a")], responseFormat: json(treeSchema), providerOptions: { anthropic: { structuredOutputMode: "auto" } } }
  },
  {
    name: "json: tool with other tools and auto choice, parallel use requested",
    modelId: "claude-3-haiku-20240307",
    options: {
      prompt: [user("a")],
      responseFormat: json(answerSchema),
      tools: [fn, search],
      toolChoice: { type: "auto" },
      providerOptions: { anthropic: { disableParallelToolUse: false } }
    }
  },
  {
    name: "json: tool with a named tool choice and MCP servers",
    options: {
      prompt: [user("a")],
      responseFormat: json(treeSchema),
      tools: [fn, search],
      toolChoice: { type: "tool", toolName: "search" },
      providerOptions: { anthropic: { mcpServers: [{ type: "url", name: "m", url: "https://mcp.example/x", toolConfiguration: { allowedTools: ["t"] } }] } }
    }
  },
  {
    name: "json: tool with tool choice none and MCP servers",
    options: {
      prompt: [user("a")],
      responseFormat: json(treeSchema),
      tools: [fn],
      toolChoice: { type: "none" },
      providerOptions: { anthropic: { mcpServers: [{ type: "url", name: "m", url: "https://mcp.example/x" }] } }
    }
  },
  {
    name: "json: tool with budget thinking (forced tool use rejected)",
    modelId: "claude-3-haiku-20240307",
    options: {
      prompt: [user("a")],
      responseFormat: json(answerSchema),
      tools: [{ ...fn, strict: true }],
      providerOptions: { anthropic: { thinking: { type: "enabled", budgetTokens: 1024 } } }
    }
  },
  {
    name: "json: native output with strict tools",
    options: { prompt: [user("a")], responseFormat: json(answerSchema), tools: [{ ...fn, strict: true }], toolChoice: { type: "required" } }
  },
  {
    name: "json: cache control on the prompt with the json tool",
    modelId: "claude-3-haiku-20240307",
    options: {
      prompt: [{ role: "user", content: [{ type: "text", text: "a", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } }] }],
      responseFormat: json(answerSchema)
    }
  }
]

const gif = new Uint8Array([71, 73, 70, 56, 57, 97, 1, 0, 1, 0])

// Shared provider-utils helpers: media type sniffing of wildcard types, provider references, reasoning mapping.
const sharedHelperCases: ReadonlyArray<CallCase> = [
  {
    name: "wildcard media types on inline bytes are sniffed",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "file", mediaType: "image/*", data: { type: "data", data: png } },
          { type: "file", mediaType: "image/*", data: { type: "data", data: "R0lGODlhAQABAA==" } },
          { type: "file", mediaType: "application/*", data: { type: "data", data: pdf } }
        ]
      }]
    }
  },
  {
    name: "wildcard media type on unknown bytes fails",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/*", data: { type: "data", data: new Uint8Array([1, 2, 3]) } }] }] }
  },
  {
    name: "wildcard media types in tool result content",
    options: {
      prompt: [
        user("call it"),
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "f", input: {} }] },
        {
          role: "tool",
          content: [{
            type: "tool-result",
            toolCallId: "c1",
            toolName: "f",
            output: {
              type: "content",
              value: [
                { type: "file", mediaType: "image/*", data: { type: "data", data: gif } },
                { type: "file", mediaType: "application/*", data: { type: "data", data: pdf } }
              ]
            }
          }]
        }
      ]
    }
  },
  {
    name: "custom skill with an anthropic reference",
    options: {
      prompt: [user("a")],
      tools: [providerTool("anthropic.code_execution_20250825", "code_execution")],
      providerOptions: { anthropic: { container: { skills: [{ type: "custom", providerReference: { anthropic: "skill_1" }, version: "2" }] } } }
    }
  },
  {
    name: "custom skill without an anthropic reference fails",
    options: {
      prompt: [user("a")],
      providerOptions: { anthropic: { container: { skills: [{ type: "custom", providerReference: { openai: "x" } }] } } }
    }
  },
  ...(["minimal", "low", "medium", "xhigh", "max", "none"] as const).flatMap((reasoning) => [
    { name: `reasoning ${reasoning} (budget model)`, modelId: "claude-sonnet-4-5", options: { prompt: [user("hi")], reasoning } },
    { name: `reasoning ${reasoning} (adaptive, no xhigh)`, modelId: "claude-opus-4-6", options: { prompt: [user("hi")], reasoning } },
    { name: `reasoning ${reasoning} (between tools)`, modelId: "claude-sonnet-5-5", options: { prompt: [user("hi")], reasoning } }
  ])
]

const computerToolset = providerTool("anthropic.computer_toolset_20260801", "desktop", {
  configs: { zoom: { enabled: false }, screenshot: { deferLoading: true, enabled: true }, key: {} }
})
const toolsetTurn = (toolName: string, input: unknown, providerOptions?: Record<string, Record<string, string>>): Prompt => [
  user("click"),
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "t1", toolName, input, ...(providerOptions && { providerOptions }) }] },
  {
    role: "tool",
    content: [{
      type: "tool-result",
      toolCallId: "t1",
      toolName,
      output: { type: "json", value: { ok: true } },
      ...(providerOptions && { providerOptions })
    }]
  }
]

// The computer toolset: the tool definition and member calls replayed as `tool_use` with `toolset_name`.
const toolsetCases: ReadonlyArray<CallCase> = [
  { name: "toolset: definition with member configs", options: { prompt: [user("a")], tools: [computerToolset], toolChoice: { type: "auto" } } },
  { name: "toolset: definition without configs", options: { prompt: [user("a")], tools: [providerTool("anthropic.computer_toolset_20260801", "computer")] } },
  {
    name: "toolset: member call replayed through the tool",
    options: { prompt: toolsetTurn("desktop", { action: "left_click", coordinate: [1, 2] }), tools: [computerToolset] }
  },
  {
    name: "toolset: member call replayed through provider metadata",
    options: { prompt: toolsetTurn("pc", JSON.stringify({ action: "screenshot" }), { anthropic: { toolsetName: "computer" } }) }
  },
  {
    name: "toolset: member call without an action warns",
    options: { prompt: toolsetTurn("desktop", { coordinate: [1, 2] }), tools: [computerToolset] }
  },
  {
    name: "toolset: non-object member input",
    options: { prompt: toolsetTurn("desktop", "not json"), tools: [computerToolset] }
  }
]

export const callCases: ReadonlyArray<CallCase> = [
  { name: "plain text", options: { prompt: [user("hi")] } },
  {
    name: "system + settings",
    options: {
      prompt: [{ role: "system", content: "be brief" }, { role: "system", content: "really" }, user("hi")],
      maxOutputTokens: 100,
      temperature: 0.5,
      topK: 3,
      stopSequences: ["END"],
      seed: 1,
      frequencyPenalty: 0.1,
      presencePenalty: 0.2
    }
  },
  { name: "temperature clamp + topP", options: { prompt: [user("hi")], temperature: 2, topP: 0.5 } },
  { name: "topP only", options: { prompt: [user("hi")], topP: 0.5 } },
  { name: "max tokens above model limit", options: { prompt: [user("hi")], maxOutputTokens: 1_000_000 } },
  { name: "unknown model", modelId: "some-model", options: { prompt: [user("hi")] } },
  { name: "claude 3 haiku", modelId: "claude-3-haiku-20240307", options: { prompt: [user("hi")], temperature: 0.3 } },
  {
    name: "images",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
          { type: "file", mediaType: "image/jpeg", data: { type: "data", data: "AAEC" } },
          { type: "file", mediaType: "image/*", data: { type: "url", url: new URL("https://example.com/a.png") } }
        ]
      }]
    }
  },
  {
    name: "pdfs and text documents",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: pdf }, filename: "a.pdf" },
          {
            type: "file",
            mediaType: "application/pdf",
            data: { type: "url", url: new URL("https://example.com/b.pdf") },
            providerOptions: { anthropic: { title: "B", context: "ctx", citations: { enabled: true } } }
          },
          { type: "file", mediaType: "text/plain", data: { type: "data", data: new TextEncoder().encode("hello") } },
          { type: "file", mediaType: "text/plain", data: { type: "text", text: "inline" }, filename: "t.txt" },
          { type: "file", mediaType: "image/png", data: { type: "reference", reference: { anthropic: "file_1" } } },
          { type: "file", mediaType: "application/pdf", data: { type: "reference", reference: { anthropic: "file_2" } } }
        ]
      }]
    }
  },
  { name: "tool input: JSON object string", options: { prompt: toolTurn('{"a":1}') } },
  { name: "tool input: JSON array string", options: { prompt: toolTurn("[1]") } },
  { name: "tool input: JSON number string", options: { prompt: toolTurn("42") } },
  { name: "tool input: malformed string", options: { prompt: toolTurn("oops") } },
  { name: "tool input: null", options: { prompt: toolTurn(null) } },
  { name: "tool input: number", options: { prompt: toolTurn(42) } },
  { name: "tool input: array", options: { prompt: toolTurn([1, 2]) } },
  { name: "tool input: object", options: { prompt: toolTurn({ city: "Paris" }) } },
  {
    name: "tool result outputs",
    options: {
      prompt: [
        user("go"),
        {
          role: "assistant",
          content: [
            { type: "text", text: "calling  " },
            { type: "tool-call", toolCallId: "a", toolName: "f", input: {} },
            { type: "tool-call", toolCallId: "b", toolName: "f", input: {} },
            { type: "tool-call", toolCallId: "c", toolName: "f", input: {} },
            { type: "tool-call", toolCallId: "d", toolName: "f", input: {} },
            { type: "tool-call", toolCallId: "e", toolName: "f", input: {} },
            { type: "tool-call", toolCallId: "g", toolName: "f", input: {} }
          ]
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "a", toolName: "f", output: { type: "text", value: "t" } },
            { type: "tool-result", toolCallId: "b", toolName: "f", output: { type: "error-text", value: "bad" } },
            { type: "tool-result", toolCallId: "c", toolName: "f", output: { type: "error-json", value: { e: 1 } } },
            { type: "tool-result", toolCallId: "d", toolName: "f", output: { type: "execution-denied" } },
            { type: "tool-result", toolCallId: "e", toolName: "f", output: { type: "execution-denied", reason: "no" } },
            {
              type: "tool-result",
              toolCallId: "g",
              toolName: "f",
              output: {
                type: "content",
                value: [
                  { type: "text", text: "here" },
                  { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
                  { type: "file", mediaType: "application/pdf", data: { type: "data", data: pdf } },
                  { type: "file", mediaType: "audio/wav", data: { type: "data", data: "AAAA" } },
                  { type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://x.test/i.png") } }
                ]
              }
            }
          ]
        },
        { role: "assistant", content: [{ type: "text", text: "done  " }] }
      ]
    }
  },
  {
    name: "thinking with budget + reasoning replay",
    options: {
      prompt: [
        user("think"),
        {
          role: "assistant",
          content: [
            { type: "reasoning", text: "step", providerOptions: { anthropic: { signature: "sig1" } } },
            { type: "reasoning", text: "", providerOptions: { anthropic: { redactedData: "red" } } },
            { type: "reasoning", text: "no meta" },
            { type: "text", text: "answer" }
          ]
        },
        user("again")
      ],
      temperature: 0.5,
      topK: 2,
      providerOptions: { anthropic: { thinking: { type: "enabled", budgetTokens: 2000 } } }
    }
  },
  {
    name: "thinking without budget",
    options: { prompt: [user("hi")], providerOptions: { anthropic: { thinking: { type: "enabled" } } } }
  },
  {
    name: "sendReasoning false",
    options: {
      prompt: [user("a"), { role: "assistant", content: [{ type: "reasoning", text: "x", providerOptions: { anthropic: { signature: "s" } } }] }, user("b")],
      providerOptions: { anthropic: { sendReasoning: false } }
    }
  },
  { name: "reasoning high (budget model)", options: { prompt: [user("hi")], reasoning: "high" } },
  { name: "reasoning none", options: { prompt: [user("hi")], reasoning: "none" } },
  { name: "reasoning minimal (adaptive model)", modelId: "claude-opus-4-6", options: { prompt: [user("hi")], reasoning: "minimal" } },
  { name: "reasoning xhigh (adaptive model)", modelId: "claude-sonnet-4-6", options: { prompt: [user("hi")], reasoning: "xhigh" } },
  { name: "sampling rejected (opus 4.7)", modelId: "claude-opus-4-7", options: { prompt: [user("hi")], temperature: 0.2, topP: 0.1, topK: 4 } },
  {
    name: "cache control everywhere (5 breakpoints)",
    options: {
      prompt: [
        { role: "system", content: "sys", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } },
        {
          role: "user",
          content: [
            { type: "text", text: "a", providerOptions: { anthropic: { cacheControl: { type: "ephemeral", ttl: "1h" } } } },
            { type: "text", text: "b" }
          ],
          providerOptions: { anthropic: { cache_control: { type: "ephemeral" } } }
        },
        {
          role: "assistant",
          content: [{ type: "reasoning", text: "r", providerOptions: { anthropic: { signature: "s", cacheControl: { type: "ephemeral" } } } }, { type: "text", text: "x" }],
          providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } }
        },
        user("c")
      ],
      tools: [{ ...fn, providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } }],
      providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } }
    }
  },
  { name: "function tool, choice auto", options: { prompt: [user("hi")], tools: [fn], toolChoice: { type: "auto" } } },
  { name: "function tool, choice required", options: { prompt: [user("hi")], tools: [fn], toolChoice: { type: "required" } } },
  { name: "function tool, choice none", options: { prompt: [user("hi")], tools: [fn], toolChoice: { type: "none" } } },
  {
    name: "function tool, choice tool + no parallel",
    options: {
      prompt: [user("hi")],
      tools: [fn, { ...fn, name: "other", strict: true, inputExamples: [{ input: { city: "x" } }] }],
      toolChoice: { type: "tool", toolName: "weather" },
      providerOptions: { anthropic: { disableParallelToolUse: true, toolStreaming: false } }
    }
  },
  {
    name: "choice tool with thinking (forced tool use rejected)",
    options: {
      prompt: [user("hi")],
      tools: [fn, { ...fn, name: "other" }],
      toolChoice: { type: "tool", toolName: "other" },
      providerOptions: { anthropic: { thinking: { type: "enabled", budgetTokens: 1024 } } }
    }
  },
  { name: "no tools, disable parallel", options: { prompt: [user("hi")], tools: [], providerOptions: { anthropic: { disableParallelToolUse: true } } } },
  ...([
    ["anthropic.code_execution_20250522", "code_execution", {}],
    ["anthropic.code_execution_20250825", "code_execution", {}],
    ["anthropic.code_execution_20260120", "code_execution", {}],
    ["anthropic.computer_20241022", "computer", { displayWidthPx: 800, displayHeightPx: 600, displayNumber: 1 }],
    ["anthropic.computer_20250124", "computer", { displayWidthPx: 800, displayHeightPx: 600 }],
    ["anthropic.computer_20251124", "computer", { displayWidthPx: 800, displayHeightPx: 600, enableZoom: true }],
    ["anthropic.text_editor_20241022", "str_replace_editor", {}],
    ["anthropic.text_editor_20250124", "str_replace_editor", {}],
    ["anthropic.text_editor_20250429", "str_replace_based_edit_tool", {}],
    ["anthropic.text_editor_20250728", "str_replace_based_edit_tool", { maxCharacters: 1000 }],
    ["anthropic.bash_20241022", "bash", {}],
    ["anthropic.bash_20250124", "bash", {}],
    ["anthropic.memory_20250818", "memory", {}],
    ["anthropic.web_fetch_20250910", "web_fetch", { maxUses: 2, allowedDomains: ["a.com"], citations: { enabled: true }, maxContentTokens: 100 }],
    ["anthropic.web_fetch_20260209", "web_fetch", { blockedDomains: ["b.com"] }],
    ["anthropic.web_fetch_20260318", "web_fetch", { maxUses: 1 }],
    ["anthropic.web_search_20250305", "web_search", { maxUses: 3, userLocation: { type: "approximate", city: "Paris" } }],
    ["anthropic.web_search_20260209", "web_search", { allowedDomains: ["c.com"] }],
    ["anthropic.web_search_20260318", "web_search", {}],
    ["anthropic.tool_search_regex_20251119", "tool_search_tool_regex", {}],
    ["anthropic.tool_search_bm25_20251119", "tool_search_tool_bm25", {}],
    ["anthropic.advisor_20260301", "advisor", { model: "claude-opus-4-6", maxUses: 2 }],
    ["other.unknown_tool", "mystery", {}]
  ] as const).map(([id, name, args]): CallCase => ({
    name: `provider tool ${id}`,
    options: { prompt: [user("hi")], tools: [providerTool(id, name, args), fn] }
  })),
  {
    name: "provider options: mcp, container, metadata, effort, speed, beta",
    options: {
      prompt: [user("hi")],
      headers: { "anthropic-beta": "Custom-Beta, other-beta", "x-extra": "1" },
      providerOptions: {
        anthropic: {
          mcpServers: [{ type: "url", name: "s", url: "https://mcp.test", authorizationToken: "t", toolConfiguration: { allowedTools: ["x"], enabled: true } }],
          container: { id: "cont_1" },
          metadata: { userId: "u1" },
          effort: "high",
          speed: "fast",
          serviceTier: "auto",
          inferenceGeo: "us",
          anthropicBeta: ["extra-beta"],
          contextManagement: { edits: [{ type: "clear_tool_uses_20250919", keep: { type: "tool_uses", value: 2 } }, { type: "compact_20260112" }] }
        }
      }
    }
  },
  {
    name: "provider options: skills container, compaction, invalid service tier",
    options: {
      prompt: [user("hi")],
      providerOptions: {
        anthropic: {
          container: { id: "c", skills: [{ type: "anthropic", skillId: "pptx", version: "latest" }] },
          compaction: { type: "summarize", instructions: "short" },
          serviceTier: "priority",
          taskBudget: { type: "tokens", total: 30000 },
          fallbacks: [{ model: "claude-haiku-4-5" }]
        }
      }
    }
  },
  { name: "invalid provider options", options: { prompt: [user("hi")], providerOptions: { anthropic: { thinking: { type: "bogus" } } } } },
  {
    name: "mid-conversation system message",
    options: { prompt: [user("a"), { role: "assistant", content: [{ type: "text", text: "b" }] }, { role: "system", content: "now formal" }, user("c")] }
  },
  {
    name: "multi-turn server tool results re-encoded",
    options: {
      prompt: [
        user("search"),
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "s1", toolName: "web_search", input: { query: "q" }, providerExecuted: true },
            {
              type: "tool-result",
              toolCallId: "s1",
              toolName: "web_search",
              output: { type: "json", value: [{ url: "https://a.com", title: "A", pageAge: null, encryptedContent: "enc", type: "web_search_result" }] }
            },
            { type: "tool-call", toolCallId: "s2", toolName: "web_fetch", input: { url: "https://a.com" }, providerExecuted: true },
            { type: "tool-result", toolCallId: "s2", toolName: "web_fetch", output: { type: "error-json", value: { type: "web_fetch_tool_result_error", errorCode: "url_not_accessible" } } },
            { type: "tool-call", toolCallId: "s3", toolName: "code_execution", input: { type: "bash_code_execution", command: "ls" }, providerExecuted: true },
            {
              type: "tool-result",
              toolCallId: "s3",
              toolName: "code_execution",
              output: { type: "json", value: { type: "bash_code_execution_result", stdout: "a", stderr: "", return_code: 0, content: [] } }
            },
            { type: "tool-call", toolCallId: "s4", toolName: "code_execution", input: { type: "programmatic-tool-call", code: "print(1)" }, providerExecuted: true },
            {
              type: "tool-result",
              toolCallId: "s4",
              toolName: "code_execution",
              output: { type: "json", value: { type: "code_execution_result", stdout: "1", stderr: "", return_code: 0, content: [] } }
            },
            { type: "tool-call", toolCallId: "s5", toolName: "code_execution", input: { type: "text_editor_code_execution", command: "view", path: "/a" }, providerExecuted: true },
            { type: "tool-result", toolCallId: "s5", toolName: "code_execution", output: { type: "error-json", value: { type: "code_execution_tool_result_error", errorCode: "unavailable" } } },
            { type: "tool-call", toolCallId: "s6", toolName: "web_search", input: { query: "x" }, providerExecuted: true },
            { type: "tool-result", toolCallId: "s6", toolName: "web_search", output: { type: "error-json", value: '{"errorCode":"max_uses_exceeded"}' } },
            { type: "tool-call", toolCallId: "s7", toolName: "tool_search_tool_regex", input: { pattern: "w" }, providerExecuted: true },
            { type: "tool-result", toolCallId: "s7", toolName: "tool_search_tool_regex", output: { type: "json", value: [{ type: "tool_reference", toolName: "weather" }] } },
            { type: "tool-call", toolCallId: "m1", toolName: "echo", input: { x: 1 }, providerExecuted: true, providerOptions: { anthropic: { type: "mcp-tool-use", serverName: "srv" } } },
            { type: "tool-result", toolCallId: "m1", toolName: "echo", output: { type: "json", value: [{ type: "text", text: "1" }] } },
            { type: "tool-call", toolCallId: "u1", toolName: "unknown_server", input: {}, providerExecuted: true },
            { type: "text", text: "found it" }
          ]
        },
        user("thanks")
      ],
      tools: [
        providerTool("anthropic.web_search_20250305", "web_search"),
        providerTool("anthropic.web_fetch_20250910", "web_fetch"),
        providerTool("anthropic.code_execution_20250825", "code_execution"),
        providerTool("anthropic.tool_search_regex_20251119", "tool_search_tool_regex")
      ]
    }
  },
  {
    name: "renamed provider tool re-encoded",
    options: {
      prompt: [
        user("search"),
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "s1", toolName: "search", input: { query: "q" }, providerExecuted: true },
            { type: "tool-result", toolCallId: "s1", toolName: "search", output: { type: "json", value: [] } }
          ]
        }
      ],
      tools: [providerTool("anthropic.web_search_20250305", "search")]
    }
  },
  {
    name: "caller metadata pruned before user message",
    options: {
      prompt: [
        user("go"),
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "t1", toolName: "f", input: {}, providerOptions: { anthropic: { caller: { type: "code_execution_20250825", toolId: "gone" } } } },
            { type: "tool-call", toolCallId: "t2", toolName: "f", input: {}, providerOptions: { anthropic: { caller: { type: "direct" } } } }
          ]
        },
        { role: "tool", content: [{ type: "tool-result", toolCallId: "t1", toolName: "f", output: { type: "text", value: "1" } }, { type: "tool-result", toolCallId: "t2", toolName: "f", output: { type: "text", value: "2" } }] },
        user("next")
      ]
    }
  },
  {
    name: "unsupported media type",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "audio/wav", data: { type: "data", data: "AAAA" } }] }] }
  },
  {
    name: "fallback custom part replayed",
    options: {
      prompt: [
        user("a"),
        {
          role: "assistant",
          content: [
            { type: "custom", kind: "anthropic.fallback", providerOptions: { anthropic: { type: "fallback", from: { model: "a" }, to: { model: "b" } } } },
            { type: "text", text: "x" }
          ]
        }
      ]
    }
  },
  ...jsonResponseCases,
  ...sharedHelperCases,
  ...toolsetCases
]
