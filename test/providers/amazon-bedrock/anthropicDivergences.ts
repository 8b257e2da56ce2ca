/**
 * Where upstream's Bedrock variant as pinned (nested `@ai-sdk/anthropic`
 * 4.0.68) differs from aimux's one Anthropic port (4.0.105), asserted
 * exactly in `anthropicDivergences.test.ts`; the categories are in
 * docs/divergences.md ("Anthropic on Bedrock").
 */

/** Request-matrix cases (`test/providers/anthropic/callCases.ts`). */
export const divergentCases: ReadonlyArray<string> = [
  "tool input: JSON object string",
  "reasoning xhigh (adaptive model)",
  "function tool, choice none",
  "choice tool with thinking (forced tool use rejected)",
  "provider options: skills container, compaction, invalid service tier",
  "fallback custom part replayed",
  "json: top-level $ref sent natively",
  "json: open object uses the json tool",
  "json: circular schema uses the json tool",
  "json: 11 optional properties use the json tool",
  "json: model without native output uses the json tool",
  "json: structuredOutputMode jsonTool",
  "json: jsonTool on a model rejecting forced tool use falls back to outputFormat",
  "json: tool on a model rejecting forced tool use (schema not native)",
  "json: tool with other tools and auto choice, parallel use requested",
  "json: tool with a named tool choice and MCP servers",
  "json: tool with tool choice none and MCP servers",
  "json: tool with budget thinking (forced tool use rejected)",
  "json: cache control on the prompt with the json tool",
  "reasoning xhigh (adaptive, no xhigh)",
  "reasoning max (budget model)",
  "reasoning max (adaptive, no xhigh)",
  "reasoning max (between tools)",
  "reasoning none (between tools)",
  "toolset: member call replayed through the tool",
  "toolset: member call replayed through provider metadata",
  "toolset: member call without an action warns",
  "toolset: non-object member input"
]

/** Anthropic corpus bodies (besides the `anthropic.message_start` part every stream has). */
export const divergentStreams: ReadonlyArray<string> = [
  "anthropic-fallback.chunks.txt",
  "anthropic-web-search-tool.1.chunks.txt",
  "interrupted-tool.chunks.txt",
  "json-tool-fallback-text.chunks.txt",
  "toolset-array-input.chunks.txt",
  "toolset-disabled-member.chunks.txt",
  "toolset-invalid-input.chunks.txt",
  "toolset-member-calls.chunks.txt",
  "toolset-unknown-member.chunks.txt"
]
