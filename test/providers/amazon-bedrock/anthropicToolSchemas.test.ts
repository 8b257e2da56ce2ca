/**
 * The Anthropic provider tools' input schemas that Bedrock's Converse toolSpecs carry are the
 * pinned nested Anthropic package's, tool for tool: every factory of upstream's `anthropicTools`
 * (the one upstream Bedrock imports) has an entry, with its schema as `asSchema` gives it.
 */
import { describe, expect, it } from "@effect/vitest"
import { createRequire } from "node:module"
import { anthropicToolInputSchemas } from "../../../src/providers/amazon-bedrock/internal/AnthropicToolSchemas.ts"

// resolve from upstream Bedrock's own folder, so these are the nested versions it runs
const bedrockRequire = createRequire(createRequire(import.meta.url).resolve("@ai-sdk/amazon-bedrock"))

describe("Bedrock: Anthropic provider tool input schemas", () => {
  it("equal the nested @ai-sdk/anthropic factories' schemas, for every tool", async () => {
    const anthropic = await import(bedrockRequire.resolve("@ai-sdk/anthropic/internal"))
    const utils = await import(bedrockRequire.resolve("@ai-sdk/provider-utils"))
    const upstream: Record<string, unknown> = {}
    for (const factory of Object.values<(args: object) => { id: string; inputSchema: unknown }>(anthropic.anthropicTools)) {
      const tool = factory({})
      upstream[tool.id] = await utils.asSchema(tool.inputSchema).jsonSchema
    }
    expect(Object.keys(upstream).length).toBeGreaterThanOrEqual(20)
    expect(anthropicToolInputSchemas).toStrictEqual(upstream)
  })
})
