/**
 * Differential tests of the built-in middlewares against the pinned `ai`: the options the inner
 * model receives, the generate results and the stream parts are equal, at every split of the text
 * into deltas and several stream array sizes.
 */
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import {
  addToolInputExamplesMiddleware,
  defaultInstructionsMiddleware,
  defaultSettingsMiddleware,
  extractJsonMiddleware,
  extractReasoningMiddleware,
  simulateStreamingMiddleware
} from "ai"
import { Effect, Stream } from "effect"
import * as AddToolInputExamples from "../../../src/core/middleware/AddToolInputExamples.ts"
import * as DefaultInstructions from "../../../src/core/middleware/DefaultInstructions.ts"
import * as DefaultSettings from "../../../src/core/middleware/DefaultSettings.ts"
import * as ExtractJson from "../../../src/core/middleware/ExtractJson.ts"
import * as ExtractReasoning from "../../../src/core/middleware/ExtractReasoning.ts"
import * as Middleware from "../../../src/core/middleware/Middleware.ts"
import * as SimulateStreaming from "../../../src/core/middleware/SimulateStreaming.ts"
import { aimuxInner, generateResult, params, runAimux, runUpstream, type Script, splitAt, textStream } from "./harness.ts"

const same = async (
  up: Parameters<typeof runUpstream>[0],
  ours: Middleware.Middlewares,
  script: Script,
  options = params(),
  chunkSizes: ReadonlyArray<number> = [1, 3, 100]
) => {
  const expected = await runUpstream(up, script, options)
  for (const chunkSize of chunkSizes) {
    expect(await runAimux(ours, script, options, chunkSize)).toEqual(expected)
  }
  return expected
}

const both = (deltas: ReadonlyArray<string>, texts: ReadonlyArray<string> = [deltas.join("")]): Script => ({
  generate: generateResult(texts.map((text) => ({ type: "text", text }))),
  stream: textStream(deltas)
})

// every way to cut `text` into two and three deltas
const splits = (text: string): Array<Array<string>> => {
  const out: Array<Array<string>> = [[text]]
  for (let i = 1; i < text.length; i++) {
    out.push(splitAt(text, [i]))
    for (let j = i + 1; j < text.length; j += 3) out.push(splitAt(text, [i, j]))
  }
  return out
}

describe("defaultSettingsMiddleware", () => {
  const settings = {
    temperature: 0.3,
    maxOutputTokens: 100,
    stopSequences: ["x", "y"],
    headers: { a: "1", b: "2" },
    providerOptions: { openai: { store: false, nested: { x: 1, keep: true } }, anthropic: { k: 1 } },
    responseFormat: { type: "json" as const, name: "n", description: "d" }
  }
  it("merges defaults under the call's settings (deep, arrays replaced, undefined ignored)", async () => {
    const expected = await same(
      defaultSettingsMiddleware({ settings }),
      DefaultSettings.make(settings),
      both(["hi"]),
      params({
        temperature: 0.9,
        stopSequences: ["z"],
        headers: { b: "3" },
        providerOptions: { openai: { nested: { y: 2 } } },
        responseFormat: { type: "json", name: "m" }
      })
    )
    expect(expected.generateParams[0]).toMatchObject({
      temperature: 0.9,
      maxOutputTokens: 100,
      stopSequences: ["z"],
      headers: { a: "1", b: "3" },
      providerOptions: { openai: { store: false, nested: { x: 1, keep: true, y: 2 } }, anthropic: { k: 1 } },
      responseFormat: { type: "json", name: "m", description: "d" }
    })
  })
  it("keeps the defaults when the call sets nothing", async () => {
    await same(defaultSettingsMiddleware({ settings }), DefaultSettings.make(settings), both(["hi"]))
  })
  it.effect("a default of the wrong shape is an InvalidPromptError, not a defect", () =>
    Effect.gen(function*() {
      const inner = aimuxInner(both(["x"]), 1)
      const bad: DefaultSettings.Settings = JSON.parse(`{"temperature":"hot"}`)
      const error = yield* Effect.flip(Middleware.wrap(inner.service, DefaultSettings.make(bad)).generate(params()))
      expect(error._tag).toBe("InvalidPromptError")
    }))
})

describe("defaultInstructionsMiddleware", () => {
  const cases: ReadonlyArray<readonly [string, DefaultInstructions.Instructions]> = [
    ["a string", "Be brief."],
    ["a message with provider options", { role: "system", content: "S", providerOptions: { a: { cache: true } } }],
    ["several messages", [{ role: "system", content: "one" }, { role: "system", content: "two" }]],
    ["no messages", []]
  ]
  for (const [name, instructions] of cases) {
    it(`prepends ${name}`, async () => {
      // upstream's types are mutable; the values are the same
      const up = typeof instructions === "string" || !Array.isArray(instructions)
        ? instructions
        : [...instructions]
      await same(
        defaultInstructionsMiddleware({ instructions: JSON.parse(JSON.stringify(up)) }),
        DefaultInstructions.make(instructions),
        both(["x"])
      )
    })
  }
  it("leaves a prompt that has a system message alone", async () => {
    const expected = await same(
      defaultInstructionsMiddleware({ instructions: "default" }),
      DefaultInstructions.make("default"),
      both(["x"]),
      params({ prompt: [{ role: "user", content: [{ type: "text", text: "u" }] }, { role: "system", content: "own" }] })
    )
    expect(JSON.stringify(expected.streamParams)).not.toContain("default")
  })
})

describe("extractReasoningMiddleware", () => {
  const texts = [
    "<think>plan it</think>The answer.",
    "before<think>a</think>middle<think>b</think>after",
    "<think></think>empty reasoning",
    "no tags at all",
    "<thi not a tag <think>ok</think>",
    "<think>unterminated reasoning"
  ]
  for (const text of texts) {
    it(`every split of ${JSON.stringify(text)}`, async () => {
      const up = extractReasoningMiddleware({ tagName: "think" })
      const ours = ExtractReasoning.make({ tagName: "think" })
      for (const deltas of splits(text)) await same(up, ours, both(deltas), params(), [1, 2, 50])
    })
  }
  it("startWithReasoning, a custom separator and literal delimiters with regex characters", async () => {
    const options = [
      { tagName: "think", startWithReasoning: true },
      { tagName: "think", separator: " | " },
      { tagName: { opening: "<|channel>thought", closing: "<channel|>" } },
      { tagName: { opening: "[[", closing: "]]" }, startWithReasoning: true, separator: "" }
    ] as const
    const inputs = [
      "reasoning first</think>then text<think>more</think>end",
      "x<think>a</think>y<think>b</think>z",
      "<|channel>thought inner <channel|>visible <|channel>thought two<channel|>",
      "lead]]body[[x]]tail"
    ]
    for (const option of options) {
      for (const text of inputs) {
        for (const deltas of splits(text).filter((_, i) => i % 9 === 0)) {
          await same(extractReasoningMiddleware(option), ExtractReasoning.make(option), both(deltas), params(), [1, 7])
        }
      }
    }
  })
  it("several text blocks and other parts interleaved", async () => {
    const stream: Array<LanguageModelV4StreamPart> = [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "1" },
      { type: "text-delta", id: "1", delta: "<thi" },
      { type: "tool-input-start", id: "c", toolName: "t" },
      { type: "text-delta", id: "1", delta: "nk>r1</th" },
      { type: "text-start", id: "2" },
      { type: "text-delta", id: "2", delta: "<think>r2" },
      { type: "text-delta", id: "1", delta: "ink>t1" },
      { type: "text-end", id: "1" },
      { type: "text-delta", id: "2", delta: "</think>" },
      { type: "text-end", id: "2" },
      { type: "text-start", id: "3" },
      { type: "text-end", id: "3" },
      { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: generateResult([]).usage }
    ]
    await same(
      extractReasoningMiddleware({ tagName: "think" }),
      ExtractReasoning.make({ tagName: "think" }),
      { stream },
      params(),
      [1, 4, 100]
    )
  })
  it("generate: structuredOutputText and non-text content", async () => {
    await same(
      extractReasoningMiddleware({ tagName: "think" }),
      ExtractReasoning.make({ tagName: "think" }),
      {
        generate: generateResult(
          [
            { type: "reasoning", text: "native" },
            { type: "text", text: "<think>a</think>b<think>c</think>" },
            { type: "tool-call", toolCallId: "1", toolName: "t", input: "{}" }
          ],
          { structuredOutputText: "<think>s</think>{\"a\":1}" }
        )
      }
    )
  })
  it.effect("empty delimiters fail every call with InvalidArgumentError", () =>
    Effect.gen(function*() {
      expect(() => extractReasoningMiddleware({ tagName: { opening: "", closing: "x" } })).toThrow(
        "Reasoning delimiters must not be empty."
      )
      const model = Middleware.wrap(aimuxInner(both(["x"]), 1).service, ExtractReasoning.make({ tagName: { opening: "", closing: "x" } }))
      const error = yield* Effect.flip(model.stream(params()))
      expect(error._tag).toBe("InvalidArgumentError")
      expect(error.message).toBe("Reasoning delimiters must not be empty.")
    }))
})

describe("extractJsonMiddleware", () => {
  const texts = [
    "```json\n{\"a\": 1}\n```",
    "```\n[1, 2]\n```  \n",
    "{\"plain\": true}",
    "  {\"lead\": \"ws\"}  ",
    "`inline` text",
    "```json{\"no\":\"newline\"}```",
    "``"
  ]
  for (const text of texts) {
    it(`every split of ${JSON.stringify(text)}`, async () => {
      for (const deltas of splits(text)) {
        await same(extractJsonMiddleware(), ExtractJson.make(), both(deltas), params(), [1, 50])
      }
    })
  }
  it("a custom transform buffers the block", async () => {
    const transform = (text: string) => text.toUpperCase().replaceAll("X", "")
    for (const deltas of splits("axbxc")) {
      await same(extractJsonMiddleware({ transform }), ExtractJson.make({ transform }), both(deltas), params(), [1, 3])
    }
  })
  it("generate keeps text metadata and strips structuredOutputText", async () => {
    await same(extractJsonMiddleware(), ExtractJson.make(), {
      generate: generateResult([{ type: "text", text: "```json\n{}\n```", providerMetadata: { p: { a: 1 } } }], {
        structuredOutputText: "```\n{\"s\":1}\n```"
      })
    })
  })
})

describe("simulateStreamingMiddleware", () => {
  it("replays a generate result as parts", async () => {
    const expected = await same(simulateStreamingMiddleware(), SimulateStreaming.make(), {
      generate: generateResult(
        [
          { type: "reasoning", text: "why", providerMetadata: { p: { sig: "s" } } },
          { type: "text", text: "" },
          { type: "text", text: "hello", providerMetadata: { p: { x: 1 } } },
          {
            type: "text",
            text: "",
            citations: [{ source: { type: "source", sourceType: "url", id: "s", url: "https://a.b" }, startIndex: 0, endIndex: 0 }]
          },
          { type: "tool-call", toolCallId: "c1", toolName: "t", input: "{\"a\":1}" },
          { type: "source", sourceType: "url", id: "s1", url: "https://example.com" }
        ],
        {
          warnings: [{ type: "other", message: "w" }],
          providerMetadata: { p: { done: true } },
          request: { body: "{}" },
          response: { id: "r1", modelId: "m", timestamp: new Date(0), headers: { h: "v" } }
        }
      ),
      stream: []
    })
    expect(expected.parts?.length).toBe(14)
    expect(expected.streamParams).toEqual([])
  })
})

describe("addToolInputExamplesMiddleware", () => {
  const tools = [
    {
      type: "function" as const,
      name: "weather",
      description: "Get weather",
      inputSchema: { type: "object" },
      inputExamples: [{ input: { city: "Paris" } }, { input: { city: "Rome", unit: "c" } }]
    },
    { type: "function" as const, name: "plain", inputSchema: { type: "object" }, inputExamples: [{ input: { a: 1 } }] },
    { type: "function" as const, name: "none", inputSchema: { type: "object" } },
    { type: "provider" as const, id: "openai.web_search" as const, name: "ws", args: {} }
  ]
  it("default options", async () => {
    const expected = await same(addToolInputExamplesMiddleware(), AddToolInputExamples.make(), both(["x"]), params({ tools }))
    expect(JSON.stringify(expected.generateParams)).toContain("Input Examples:\\n{\\\"city\\\":\\\"Paris\\\"}")
  })
  it("prefix, format and remove: false", async () => {
    const format = (example: { input: unknown }, index: number) => `${index}: ${JSON.stringify(example.input)}`
    const options = { prefix: "EX", format, remove: false }
    await same(addToolInputExamplesMiddleware(options), AddToolInputExamples.make(options), both(["x"]), params({ tools }))
  })
  it("no tools", async () => {
    await same(addToolInputExamplesMiddleware(), AddToolInputExamples.make(), both(["x"]), params({ tools: [] }))
  })
})

it.effect("a middleware's stream state is fresh on every run of the stream", () =>
  Effect.gen(function*() {
    const model = Middleware.wrap(aimuxInner(both(["<think>a</think>b"]), 1).service, ExtractReasoning.make({ tagName: "think" }))
    const response = yield* model.stream(params())
    const first = Array.from(yield* Stream.runCollect(response.stream))
    const second = Array.from(yield* Stream.runCollect(response.stream))
    expect(second).toEqual(first)
    expect(first.some((p) => p.type === "reasoning-start" && p.id === "reasoning-0")).toBe(true)
  }))
