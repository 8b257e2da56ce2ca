/**
 * The default `onError` writes through Effect's built-in logger to stderr (upstream:
 * `console.error`), never to stdout, so a program whose stdout is data stays pure whatever fails;
 * a logger the program installs still receives the error. And `aimux demo --json` against an
 * endpoint that answers 401: stdout is JSON lines only (as `jq` needs), stderr ends with one line
 * naming the endpoint, the status and what to check, with no stack trace.
 */
import { spawn } from "node:child_process"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Logger, Stream } from "effect"
import { TestConsole } from "effect/testing"
import * as StreamText from "../../src/core/StreamText.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

const failingRun = StreamText.streamText({ prompt: "hi" }).pipe(
  Stream.runDrain,
  Effect.provide(MockLanguageModel.layer({ stream: { stream: [...H.textParts("t", "partial"), { type: "error", error: "boom" }] } }))
)

describe("default onError", () => {
  it.effect("logs the error part on stderr, nothing on stdout", () =>
    Effect.gen(function*() {
      yield* failingRun
      const errors = yield* TestConsole.errorLines
      const logs = yield* TestConsole.logLines
      expect(logs).toEqual([])
      // one console.error call: the header, the message, the rendered cause
      const text = errors.map(String).join(" ")
      expect(text).toMatch(/ERROR \(#\d+\):/)
      expect(text).toContain("streamText error part")
      expect(text.match(/streamText error part/g)).toHaveLength(1)
    }).pipe(Effect.provide(TestConsole.layer)))

  it.effect("a logger the program installs still receives it", () =>
    Effect.gen(function*() {
      const seen: Array<string> = []
      const logger = Logger.make(({ message, logLevel }) => {
        seen.push(`${logLevel}: ${String(Array.isArray(message) ? message[0] : message)}`)
      })
      yield* failingRun.pipe(Effect.provide(Logger.layer([logger])))
      expect(seen).toEqual(["Error: streamText error part"])
    }))
})

const root = join(import.meta.dirname, "../..")

const cli = (args: ReadonlyArray<string>, env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const base: Record<string, string> = {}
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && !/^(OPENAI|ANTHROPIC)_/.test(key)) base[key] = value
    }
    const child = spawn("npx", ["node", "src/cli/main.ts", ...args], { cwd: root, env: { ...base, NO_COLOR: "1", ...env } })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c))
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

describe("aimux demo against a failing endpoint", { timeout: 60_000 }, () => {
  it("--json keeps stdout pure JSON lines; stderr ends with one clear line", async () => {
    let requests = 0
    const server = http.createServer((_req, res) => {
      requests++
      res.writeHead(401, { "content-type": "application/json" })
      res.end(JSON.stringify({ error: { message: "Incorrect API key provided: sk-bad", type: "invalid_request_error", code: "invalid_api_key" } }))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
    try {
      const run = await cli(["demo", "--json"], { OPENAI_API_KEY: "sk-bad", OPENAI_BASE_URL: url })
      expect(run.code).toBe(1)
      const lines = run.stdout.split("\n").filter((l) => l !== "")
      // every stdout line parses (what `| jq` needs), and the error part is among them
      const parts = lines.map((l): { type: string } => JSON.parse(l))
      expect(parts.map((p) => p.type)).toEqual(["start", "error"])
      const stderr = run.stderr.trimEnd().split("\n")
      expect(stderr.at(-1)).toBe(
        `aimux demo: the call to ${url} failed (status 401): Incorrect API key provided: sk-bad; check the API key (OPENAI_API_KEY)`
      )
      expect(run.stderr).not.toMatch(/^\s+at /m)
      expect(run.stderr).not.toContain("ERROR (#")
      expect(requests).toBe(1) // 401 is not retryable
    } finally {
      server.close()
    }
  })

  it("a refused connection names the endpoint and says to check the server", async () => {
    const server = http.createServer()
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as AddressInfo).port
    await new Promise<void>((resolve) => server.close(() => resolve()))
    const url = `http://127.0.0.1:${port}/v1`
    const run = await cli(["demo", "--max-retries", "0"], { OPENAI_API_KEY: "sk-x", OPENAI_BASE_URL: url })
    expect(run.code).toBe(1)
    expect(run.stderr.trimEnd().split("\n").at(-1)).toMatch(
      new RegExp(`^aimux demo: the call to ${url.replace(/[.]/g, "\\.")} failed \\(no response\\): Cannot connect to API: .*; check that the server is running and reachable$`)
    )
  })
})
