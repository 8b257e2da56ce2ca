/**
 * `aimux demo` (what `npm start` runs) as a process, with no API key: the
 * embedded replay server, both tool calls with their arguments, both results,
 * two steps, the streamed answer, usage and finish reason; `--json` lines;
 * `--provider anthropic`; live mode against a loopback endpoint; and in
 * process: the replay server rejects a second turn whose tool results are not
 * the tools' real output, so the demo proves the agent loop.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { Effect, Layer, Schema, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { describe, expect, it } from "@effect/vitest"
import { StopCondition, StreamText, Tool, type Toolkit } from "../../src/core/index.ts"
import * as DemoAgent from "../../src/cli/demo/DemoAgent.ts"
import { weather } from "../../src/cli/demo/DemoTools.ts"
import { script } from "../../src/cli/demo/RecordedTurns.ts"
import * as ReplayServer from "../../src/testing/ReplayServer.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"

const root = join(import.meta.dirname, "../..")

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  /** Number of separate stdout reads that carried text of the final answer. */
  readonly answerReads: number
}

const answer =
  "It's sunny and 22 °C in Lisbon right now, so dinner outside sounds good. Split four ways, the 187.40 EUR bill comes to 46.85 EUR each."

/** Runs `npx node src/cli/main.ts ...args` as `npm start` does, without API keys unless given. */
const cli = (args: ReadonlyArray<string>, env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve, reject) => {
    const base: Record<string, string> = {}
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && !/^(OPENAI|ANTHROPIC)_/.test(key)) base[key] = value
    }
    const child = spawn("npx", ["node", "src/cli/main.ts", ...args], {
      cwd: root,
      env: { ...base, NO_COLOR: "1", ...env }
    })
    let stdout = ""
    let stderr = ""
    let answerReads = 0
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.includes("step 2") && !stdout.includes("done:")) answerReads++
      stdout += chunk
    })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr, answerReads }))
  })

const replayLine = /^aimux demo — embedded replay server at http:\/\/127\.0\.0\.1:\d+ \(no network, no API key\)$/

const jsonLines = (stdout: string): Array<Record<string, unknown>> =>
  stdout.split("\n").filter((line) => line !== "").map((line): Record<string, unknown> => JSON.parse(line))

describe.concurrent("aimux demo (process, no API key)", { timeout: 90_000 }, () => {
  it("npm start: replays the two-step agent through the OpenAI chat provider", async () => {
    const run = await cli(["demo"])
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    const lines = run.stdout.split("\n")
    expect(lines[0]).toMatch(replayLine)
    expect(lines[1]).toBe("provider openai.chat · model gpt-4o-mini · tools: weather, calculator")
    expect(run.stdout).toContain(`user  ${DemoAgent.prompt}`)
    const body = lines.slice(lines.indexOf("step 1")).join("\n")
    expect(body).toBe([
      "step 1",
      "  tool call   weather {\"city\":\"Lisbon\"}  (call_Wm1BDKk2dF8gQmYpdx3nZr4u)",
      "  tool call   calculator {\"operation\":\"divide\",\"a\":187.4,\"b\":4}  (call_9fJqLrT6sXh2VbNcE0aKoP7y)",
      "  result      weather → {\"city\":\"Lisbon\",\"unit\":\"°C\",\"temperature\":22,\"conditions\":\"sunny\"}",
      "  result      calculator → {\"expression\":\"187.4 / 4\",\"result\":46.85}",
      "  finish      tool-calls · usage: 142 input, 51 output, 193 total tokens",
      "",
      "step 2",
      `  assistant   ${answer}`,
      "  finish      stop · usage: 231 input, 38 output, 269 total tokens",
      "",
      "done: 2 steps · finish reason stop · total usage: 373 input, 89 output, 462 total tokens",
      "replay server: request 1 /v1/chat/completions → 200, request 2 /v1/chat/completions → 200",
      ""
    ].join("\n"))
    // the answer is printed as it streams (25 ms between replayed events), not at the end
    expect(run.answerReads).toBeGreaterThanOrEqual(3)
  })

  it("--trace: the run's ai.* span tree after the answer (stderr with --json)", async () => {
    const run = await cli(["demo", "--trace", "--delay", "0"])
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    const tree = run.stdout.slice(run.stdout.indexOf("\ntrace\n") + 1).trimEnd().split("\n")
    const ms = "\\d+ ms"
    const expected = [
      "^trace$",
      `^  ai\\.streamText  gpt-4o-mini · finish stop · tokens 373 in / 89 out · ${ms}$`,
      `^    ai\\.streamText\\.doStream  gpt-4o-mini-2024-07-18 · finish tool-calls · tokens 142 in / 51 out · first chunk ${ms} · ${ms}$`,
      `^      ai\\.toolCall  weather · call_Wm1BDKk2dF8gQmYpdx3nZr4u · ${ms}$`,
      `^      ai\\.toolCall  calculator · call_9fJqLrT6sXh2VbNcE0aKoP7y · ${ms}$`,
      `^    ai\\.streamText\\.doStream  gpt-4o-mini-2024-07-18 · finish stop · tokens 231 in / 38 out · first chunk ${ms} · ${ms}$`
    ]
    expect(tree.length).toBe(expected.length)
    tree.forEach((line, i) => expect(line).toMatch(new RegExp(expected[i]!)))
    const json = await cli(["demo", "--trace", "--json", "--delay", "0"])
    expect(json.code).toBe(0)
    expect(jsonLines(json.stdout).at(-1)?.type).toBe("finish")
    expect(json.stderr).toMatch(/\ntrace\n {2}ai\.streamText {2}gpt-4o-mini · finish stop/)
  })

  it("--json: one JSON line per full-stream part, ending with finish", async () => {
    const run = await cli(["demo", "--json"])
    expect(run.code).toBe(0)
    expect(run.stderr.split("\n")[0]).toMatch(replayLine)
    const parts = jsonLines(run.stdout)
    expect(parts[0]).toEqual({ type: "start" })
    expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: "stop", rawFinishReason: "stop", totalUsage: { inputTokens: 373, outputTokens: 89, totalTokens: 462 } })
    expect(parts.filter((p) => p.type === "start-step")).toHaveLength(2)
    expect(parts.filter((p) => p.type === "finish-step").map((p) => p.finishReason)).toEqual(["tool-calls", "stop"])
    expect(parts.filter((p) => p.type === "tool-call")).toEqual([
      { type: "tool-call", toolCallId: "call_Wm1BDKk2dF8gQmYpdx3nZr4u", toolName: "weather", input: { city: "Lisbon" } },
      { type: "tool-call", toolCallId: "call_9fJqLrT6sXh2VbNcE0aKoP7y", toolName: "calculator", input: { operation: "divide", a: 187.4, b: 4 } }
    ])
    expect(parts.filter((p) => p.type === "tool-result").map((p) => [p.toolName, p.output])).toEqual([
      ["weather", { city: "Lisbon", unit: "°C", temperature: 22, conditions: "sunny" }],
      ["calculator", { expression: "187.4 / 4", result: 46.85 }]
    ])
    expect(parts.filter((p) => p.type === "text-delta").map((p) => p.text).join("")).toBe(answer)
    expect(parts.some((p) => p.type === "error")).toBe(false)
  })

  it("--provider anthropic: the same agent through the Anthropic messages provider", async () => {
    const run = await cli(["demo", "--provider", "anthropic"])
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    const lines = run.stdout.split("\n")
    expect(lines[0]).toMatch(replayLine)
    expect(lines[1]).toBe("provider anthropic.messages · model claude-sonnet-4-5 · tools: weather, calculator")
    expect(lines.slice(lines.indexOf("step 1")).join("\n")).toBe([
      "step 1",
      "  assistant   I'll check the weather in Lisbon and work out the split.",
      "  tool call   weather {\"city\":\"Lisbon\"}  (toolu_01Hq8ZkV3nXy5Rb2TfLm9Wc4)",
      "  tool call   calculator {\"operation\":\"divide\",\"a\":187.4,\"b\":4}  (toolu_01Pw4Ns7Kd2Gx9Vj6Bq3Ht8E)",
      "  result      weather → {\"city\":\"Lisbon\",\"unit\":\"°C\",\"temperature\":22,\"conditions\":\"sunny\"}",
      "  result      calculator → {\"expression\":\"187.4 / 4\",\"result\":46.85}",
      "  finish      tool-calls · usage: 708 input, 139 output, 847 total tokens",
      "",
      "step 2",
      `  assistant   ${answer}`,
      "  finish      stop · usage: 921 input, 36 output, 957 total tokens",
      "",
      "done: 2 steps · finish reason stop · total usage: 1629 input, 175 output, 1804 total tokens",
      "replay server: request 1 /v1/messages → 200, request 2 /v1/messages → 200",
      ""
    ].join("\n"))
  })

  it("--provider anthropic --json ends with finish", async () => {
    const run = await cli(["demo", "--provider", "anthropic", "--json", "--delay", "0"])
    expect(run.code).toBe(0)
    const parts = jsonLines(run.stdout)
    expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: "stop", totalUsage: { inputTokens: 1629, outputTokens: 175 } })
    expect(parts.filter((p) => p.type === "tool-result")).toHaveLength(2)
  })

  it("help lists demo and stream; bad demo arguments exit 2", async () => {
    const help = await cli(["help"])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^ {2}demo /m)
    expect(help.stdout).toMatch(/^ {2}stream <provider>/m)
    const demoHelp = await cli(["demo", "--help"])
    expect(demoHelp.code).toBe(0)
    expect(demoHelp.stdout).toContain("usage: aimux demo")
    const bad = await cli(["demo", "--provider", "nope"])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("--provider must be openai-chat or anthropic")
    // the old name is gone with the switch to the `aimux stream` ids (0.x, no alias)
    const old = await cli(["demo", "--provider", "openai"])
    expect(old.code).toBe(2)
  })
})

describe.concurrent("aimux demo (live mode)", { timeout: 90_000 }, () => {
  it.effect("with OPENAI_API_KEY and OPENAI_BASE_URL it calls that endpoint and says so", () =>
    Effect.gen(function*() {
      // a loopback stand-in for a local OpenAI-compatible server
      const server = yield* ReplayServer.start(script("openai-chat", 0))
      const run = yield* Effect.promise(() =>
        cli(["demo"], { OPENAI_API_KEY: "sk-live-test", OPENAI_BASE_URL: `${server.url}/v1` })
      )
      expect(run.code).toBe(0)
      expect(run.stdout.split("\n")[0]).toBe(`aimux demo — live: ${server.url}/v1 (OPENAI_API_KEY is set)`)
      expect(run.stdout).toContain(`  assistant   ${answer}`)
      expect(run.stdout).not.toContain("replay server:")
      expect(server.received.map((r) => r.status)).toEqual([200, 200])
    }).pipe(Effect.scoped))

  it.effect("--replay ignores the key", () =>
    Effect.gen(function*() {
      const run = yield* Effect.promise(() => cli(["demo", "--replay", "--delay", "0"], { OPENAI_API_KEY: "sk-unused" }))
      expect(run.code).toBe(0)
      expect(run.stdout.split("\n")[0]).toMatch(replayLine)
    }))
})

describe("the replay server proves the loop", () => {
  const modelLayer = (url: string) =>
    Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini", { apiKey: "test", baseURL: `${url}/v1` })).pipe(Layer.provide(FetchHttpClient.layer))

  const runAgent = <T extends Toolkit.Any>(tools: T, url: string) =>
    StreamText.streamText({ system: DemoAgent.system, prompt: DemoAgent.prompt, tools, stopWhen: StopCondition.isStepCount(5) }).pipe(
      Stream.runCollect,
      Effect.map((parts) => Array.from(parts)),
      Effect.provide(modelLayer(url))
    )

  it.effect("a second turn with a wrong tool result is answered 400 and surfaces as an error part", () =>
    Effect.gen(function*() {
      const server = yield* ReplayServer.start(script("openai-chat", 0))
      const wrongCalculator = Tool.make({
        description: "Apply an arithmetic operation to two numbers",
        inputSchema: Schema.Struct({ operation: Schema.String, a: Schema.Number, b: Schema.Number }),
        execute: ({ a, b }) => Effect.succeed({ expression: `${a} / ${b}`, result: 47 })
      })
      const parts = yield* runAgent({ weather, calculator: wrongCalculator }, server.url)
      expect(server.received.map((r) => r.status)).toEqual([200, 400])
      const error = parts.find((p) => p.type === "error")
      expect(error?.type === "error" ? error.error : undefined).toMatchObject({
        name: "AI_APICallError",
        statusCode: 400,
        message: expect.stringContaining("the result for call_9fJqLrT6sXh2VbNcE0aKoP7y (calculator) is")
      })
      // as upstream: a failed model call ends the stream with the error part, no finish
      expect(parts.at(-1)?.type).toBe("error")
      expect(parts.some((p) => p.type === "finish")).toBe(false)
      expect(parts.filter((p) => p.type === "text-delta")).toEqual([])
    }).pipe(Effect.scoped))

  it.effect("a second turn without the tool results is answered 400", () =>
    Effect.gen(function*() {
      const server = yield* ReplayServer.start(script("openai-chat", 0))
      // tools without execute: the model's calls get no results, so no second turn is made
      const parts = yield* runAgent({ weather: Tool.make({ inputSchema: Schema.Struct({ city: Schema.String }) }), calculator: Tool.make({ inputSchema: Schema.Unknown }) }, server.url)
      expect(server.received.map((r) => r.status)).toEqual([200])
      expect(parts.filter((p) => p.type === "finish-step")).toHaveLength(1)
      // a hand-made second request that repeats the first (no tool results) is rejected
      const first = server.received[0]?.body
      const response = yield* Effect.promise(() =>
        fetch(`${server.url}/v1/chat/completions`, { method: "POST", body: JSON.stringify(first) })
      )
      expect(response.status).toBe(400)
      const body: unknown = yield* Effect.promise(() => response.json())
      expect(body).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringContaining("the assistant's tool call call_Wm1BDKk2dF8gQmYpdx3nZr4u (weather) is missing") } })
    }).pipe(Effect.scoped))

  it.effect("the first turn must offer both tools", () =>
    Effect.gen(function*() {
      const server = yield* ReplayServer.start(script("anthropic", 0))
      const response = yield* Effect.promise(() =>
        fetch(`${server.url}/v1/messages`, {
          method: "POST",
          body: JSON.stringify({ stream: true, tools: [{ name: "weather" }], messages: [{ role: "user", content: "hi" }] })
        })
      )
      expect(response.status).toBe(400)
      expect(yield* Effect.promise(() => response.json())).toEqual({
        type: "error",
        error: { type: "invalid_request_error", message: "replay request 1: expected the tool 'calculator' (got: weather)" }
      })
      const notFound = yield* Effect.promise(() => fetch(`${server.url}/elsewhere`))
      expect(notFound.status).toBe(404)
    }).pipe(Effect.scoped))
})
