/**
 * `aimux stream azure-responses` and `aimux stream azure-chat --sse <file>` as processes: their
 * JSON lines equal the parts of the pinned `@ai-sdk/azure` 4.0.85 for the same bytes (default
 * models gpt-4.1-mini and gpt-4o-mini, resource `aimux-holdout`, one user message `hi`); in-band
 * errors are error parts and exit 0, a failed stream prints the failure line and exits 1. The
 * registry entries send exactly one request, to Azure's v1 URLs with the `api-key` header.
 */
import { Effect, Layer, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { readFileSync, writeFileSync } from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { providers } from "../../../src/cli/ProviderRegistry.ts"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import { cli, tempDir } from "../_kit/Cli.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import { type Api, normalizeIds, upstreamRawStream } from "./harness.ts"

const asArray = (value: unknown): Array<unknown> => (Array.isArray(value) ? value : [])

const tmp = tempDir("azure")
const fixtures = path.resolve(import.meta.dirname, "../../../fixtures")
const sse = (text: string) =>
  text.split("\n").filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("")

const cases: Array<{ api: Api; file: string; body: string }> = [
  ...["text", "reasoning-summaries", "function-call", "error-nested-before-output", "failed-before-output",
    "error-after-output", "invalid-json", "no-completion"].map((name) => ({
      api: "responses" as const,
      file: `${name}.chunks.txt`,
      body: sse(readFileSync(path.join(fixtures, "openai-responses", `${name}.chunks.txt`), "utf8"))
    })),
  ...["text", "eof-no-finish", "error-first", "error-after-text", "parallel-tool-calls", "invalid-json", "usage-details"]
    .map((name) => ({
      api: "chat" as const,
      file: `${name}.sse`,
      body: readFileSync(path.join(fixtures, "openai-chat", `${name}.sse`), "utf8")
    }))
]

// The validator's own issue text (zod vs Schema) is a documented divergence; source ids are random upstream.
const comparable = (lines: Array<unknown>) =>
  lines.map((line) => {
    if (typeof line !== "object" || line === null) return line
    if (Reflect.get(line, "type") === "source") return { ...line, id: "<source-id>" }
    const error: unknown = Reflect.get(line, "error")
    if (typeof error !== "object" || error === null || Reflect.get(error, "name") !== "AI_TypeValidationError") return line
    return { ...line, error: { ...error, message: String(Reflect.get(error, "message")).split("\nError message:")[0] } }
  })

describe("aimux stream azure-responses / azure-chat (process, differential against @ai-sdk/azure)", () => {
  it("has the cases", () => expect(cases.length).toBe(15))
  for (const { api, body, file } of cases) {
    it(`azure-${api} ${file}`, async () => {
      const sseFile = path.join(tmp, `${api}-${file}.sse`)
      writeFileSync(sseFile, body)
      const upstream = await upstreamRawStream(body, { api, chunkSize: 7 })
      const failure = upstream.failure ?? upstream.streamError
      const expected: Array<unknown> = upstream.parts.map(cliPartJson)
      if (failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(failure) })
      const ours = await cli("stream", `azure-${api}`, "--sse", sseFile, "--chunk-size", "7")
      const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
      // upstream's chat tool-call ids are random (16 characters), the CLI's counted
      const theirs = api === "chat" ? normalizeIds(JSON.parse(JSON.stringify(expected)), /^[0-9A-Za-z]{16}$/) : expected
      const mine = api === "chat" ? normalizeIds(lines, /^id-\d+$/) : lines
      expect(comparable(asArray(mine))).toStrictEqual(comparable(asArray(JSON.parse(JSON.stringify(theirs)))))
      expect(ours.code).toBe(failure === undefined ? 0 : 1)
    }, 30_000)
  }
})

describe("the registry entries", () => {
  for (const [id, url] of [
    ["azure-responses", "https://aimux-holdout.openai.azure.com/openai/v1/responses?api-version=v1"],
    ["azure-chat", "https://aimux-holdout.openai.azure.com/openai/v1/chat/completions?api-version=v1"]
  ] as const) {
    it(`${id}: one request to ${url}, header api-key, the default model, one user message hi`, async () => {
      const seen: Array<{ url: string; headers: Record<string, string>; body: string }> = []
      const client = HttpClient.make((request, requestUrl) =>
        Effect.sync(() => {
          seen.push({
            url: requestUrl.toString(),
            headers: { ...request.headers },
            body: request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : ""
          })
          return HttpClientResponse.fromWeb(request, new Response("", { headers: { "content-type": "text/event-stream" } }))
        })
      )
      const entry = providers[id]
      await Effect.runPromise(
        Effect.gen(function*() {
          const model = yield* entry.make({ modelId: entry.defaultModel, apiKey: "k" })
          const response = yield* model.stream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
          yield* Stream.runDrain(response.stream)
        }).pipe(Effect.provide(Layer.mergeAll(Layer.succeed(HttpClient.HttpClient, client), IdGenerator.layerCounter("id"))))
      )
      expect(seen.length).toBe(1)
      expect(seen[0].url).toBe(url)
      expect(seen[0].headers["api-key"]).toBe("k")
      expect(seen[0].headers["authorization"]).toBeUndefined()
      const body: unknown = JSON.parse(seen[0].body)
      expect(Reflect.get(Object(body), "model")).toBe(id === "azure-responses" ? "gpt-4.1-mini" : "gpt-4o-mini")
      const messages: unknown = Reflect.get(Object(body), id === "azure-responses" ? "input" : "messages")
      expect(messages).toStrictEqual(
        id === "azure-responses"
          ? [{ role: "user", content: [{ type: "input_text", text: "hi" }] }]
          : [{ role: "user", content: "hi" }]
      )
    })
  }
})
