/**
 * The same toolset defined twice: with upstream `tool`/`dynamicTool` (for `ai`) and with aimux
 * `Tool.make`/`Tool.dynamic`, so a differential test can feed the same scripted model output to
 * both. Validation uses a JSON Schema with the same hand-written check on both sides, so error
 * messages do not depend on a validator library's wording.
 */
import { dynamicTool, jsonSchema, tool, type ToolSet } from "ai"
import { Effect, Stream } from "effect"
import * as Tool from "../../src/core/Tool.ts"

const citySchema = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
  additionalProperties: false
} as const

const cityError = "city must be a string"

const isCity = (value: unknown): value is { city: string } =>
  typeof value === "object" && value !== null && typeof (value as { city?: unknown }).city === "string"

/** Upstream tools. `calls` records every execution's tool name, in start order. */
export const upstreamTools = (calls: Array<string> = []): ToolSet => ({
  weather: tool({
    description: "Weather of a city",
    inputSchema: jsonSchema<{ city: string }>(citySchema, {
      validate: (value) => isCity(value) ? { success: true, value } : { success: false, error: new Error(cityError) }
    }),
    execute: async ({ city }) => {
      calls.push("weather")
      return { city, temperature: 21 }
    }
  }),
  fails: tool({
    inputSchema: jsonSchema({ type: "object" }),
    execute: async (): Promise<string> => {
      calls.push("fails")
      throw new Error("boom")
    }
  }),
  progress: tool({
    inputSchema: jsonSchema({ type: "object" }),
    execute: async function*() {
      calls.push("progress")
      yield "a"
      yield "b"
      yield "c"
    }
  }),
  text: tool({
    inputSchema: jsonSchema({ type: "object" }),
    title: "Text tool",
    metadata: { origin: "test" },
    execute: async () => {
      calls.push("text")
      return "plain text"
    }
  }),
  dyn: dynamicTool({
    inputSchema: jsonSchema({ type: "object" }),
    execute: async (input) => {
      calls.push("dyn")
      return { echo: input }
    }
  }),
  noexec: tool({ inputSchema: jsonSchema({ type: "object" }) })
})

/** aimux tools, equivalent to {@link upstreamTools}. */
export const ourTools = (calls: Array<string> = []) => ({
  weather: Tool.make({
    description: "Weather of a city",
    inputSchema: Tool.jsonSchema<{ city: string }>(citySchema, {
      validate: (value) => isCity(value) ? Effect.succeed(value) : Effect.fail(new Error(cityError))
    }),
    execute: ({ city }) => Effect.sync(() => {
      calls.push("weather")
      return { city, temperature: 21 }
    })
  }),
  fails: Tool.make({
    inputSchema: Tool.jsonSchema({ type: "object" }),
    execute: () => Effect.suspend(() => {
      calls.push("fails")
      return Effect.fail(new Error("boom"))
    })
  }),
  progress: Tool.make({
    inputSchema: Tool.jsonSchema({ type: "object" }),
    execute: () => Stream.suspend(() => {
      calls.push("progress")
      return Stream.make("a", "b", "c")
    })
  }),
  text: Tool.make({
    inputSchema: Tool.jsonSchema({ type: "object" }),
    title: "Text tool",
    metadata: { origin: "test" },
    execute: () => Effect.sync(() => {
      calls.push("text")
      return "plain text"
    })
  }),
  dyn: Tool.dynamic({
    inputSchema: Tool.jsonSchema({ type: "object" }),
    execute: (input) => Effect.sync(() => {
      calls.push("dyn")
      return { echo: input }
    })
  }),
  noexec: Tool.make({ inputSchema: Tool.jsonSchema({ type: "object" }) })
})
