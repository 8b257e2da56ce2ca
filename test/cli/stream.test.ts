/**
 * `aimux stream` as a process: its JSON lines equal upstream's parts for the
 * same bytes (generated ids normalized), failures print a `failure` line and
 * exit 1, bad arguments exit 2.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"
import { guardCorpus } from "../providers/_kit/Corpus.ts"
import { cliErrorJson, cliPartJson } from "../providers/_kit/Wire.ts"
import { normalizeIds } from "../providers/openai/differential.ts"
import { mockFetch, readAll, upstreamChat } from "../providers/openai/upstream.ts"

const run = promisify(execFile)
const root = join(import.meta.dirname, "../..")
const fixtureDir = join(root, "fixtures/openai-chat")
const main = join(root, "src/cli/main.ts")

const cli = async (...args: Array<string>) => {
  try {
    const { stderr, stdout } = await run(process.execPath, [main, ...args], { cwd: root })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

const lines = (stdout: string) => stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))

// The validator's own issue text (zod vs Schema) inside a TypeValidationError message is a documented divergence.
const cutValidatorText = (out: Array<unknown>) =>
  out.map((line) => {
    const error = typeof line === "object" && line !== null ? Reflect.get(line, "error") : undefined
    const message = typeof error === "object" && error !== null ? Reflect.get(error, "message") : undefined
    if (typeof message !== "string" || Reflect.get(error, "name") !== "AI_TypeValidationError") return line
    return { ...(line as object), error: { ...(error as object), message: message.split("\nError message:")[0] } }
  })

const upstreamLines = async (file: string, chunkSize: number | undefined, tools?: Array<unknown>) => {
  const model = upstreamChat("gpt-4o-mini", mockFetch(readFileSync(file), {}, { chunkSize }))
  try {
    const result = await model.doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      ...(tools ? { tools: tools as never } : {})
    })
    const { error, parts } = await readAll(result.stream)
    const out = normalizeIds(parts.map(cliPartJson), /^[0-9A-Za-z]{16}$/)
    return { code: error === undefined ? 0 : 1, lines: error === undefined ? out : [...out, { type: "failure", error: cliErrorJson(error) }] }
  } catch (failure) {
    return { code: 1, lines: [{ type: "failure", error: cliErrorJson(failure) }] }
  }
}

const corpus = readdirSync(fixtureDir).filter((f) => f.endsWith(".sse")).sort()

describe("aimux stream (process, differential against upstream)", () => {
  guardCorpus({ label: "openai-chat CLI corpus", count: corpus.length, minimum: 30 })
  for (const file of corpus) {
    for (const chunkSize of [1, undefined]) {
      it(`${file} @ chunk ${chunkSize ?? "whole"}`, async () => {
        const path = join(fixtureDir, file)
        const args = ["stream", "openai-chat", "--sse", path, ...(chunkSize ? ["--chunk-size", String(chunkSize)] : [])]
        const [ours, upstream] = await Promise.all([cli(...args), upstreamLines(path, chunkSize)])
        expect(ours.stderr).toBe("")
        expect(ours.code).toBe(upstream.code)
        expect(cutValidatorText(normalizeIds(lines(ours.stdout), /^id-\d+$/))).toEqual(cutValidatorText(upstream.lines))
      })
    }
  }

  it("prints generated ids deterministically as id-0, id-1, ...", async () => {
    const { stdout } = await cli("stream", "openai-chat", "--sse", join(fixtureDir, "annotations.sse"))
    const sources = lines(stdout).filter((l) => (l as { type: string }).type === "source")
    expect(sources.map((s) => (s as { id: string }).id)).toEqual(["id-0", "id-1"])
  })

  it("--tools takes V4 tool definitions (warnings as upstream)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aimux-cli-"))
    const tools = [
      { type: "function", name: "weather", inputSchema: { type: "object", propertyNames: { pattern: "^a" } } },
      { type: "provider", id: "openai.web_search", name: "web_search", args: {} }
    ]
    const toolsFile = join(dir, "tools.json")
    writeFileSync(toolsFile, JSON.stringify(tools))
    const path = join(fixtureDir, "text.sse")
    const [ours, upstream] = await Promise.all([
      cli("stream", "openai-chat", "--sse", path, "--tools", toolsFile),
      upstreamLines(path, undefined, tools)
    ])
    expect(ours.code).toBe(0)
    expect(lines(ours.stdout)).toEqual(upstream.lines)
    expect((lines(ours.stdout)[0] as { warnings: Array<unknown> }).warnings).toHaveLength(2)
  })

  it("--model is accepted", async () => {
    const { code, stdout } = await cli("stream", "openai-chat", "--sse", join(fixtureDir, "text.sse"), "--model", "o3")
    expect(code).toBe(0)
    expect(lines(stdout).at(-1)).toMatchObject({ type: "finish" })
  })

  it("fails before output with exit 1 and a failure line", async () => {
    const { code, stdout } = await cli("stream", "openai-chat", "--sse", join(fixtureDir, "error-first.sse"))
    expect(code).toBe(1)
    expect(lines(stdout)).toEqual([{
      type: "failure",
      error: { name: "AI_APICallError", message: "You exceeded your current quota", statusCode: 429, isRetryable: false }
    }])
  })

  it("fails mid-stream: parts so far, then the failure line", async () => {
    const { code, stdout } = await cli("stream", "openai-chat", "--sse", join(fixtureDir, "tool-call-no-name.sse"))
    expect(code).toBe(1)
    const out = lines(stdout)
    expect(out[0]).toMatchObject({ type: "stream-start" })
    expect(out.at(-1)).toMatchObject({ type: "failure", error: { name: "AI_InvalidResponseDataError" } })
  })

  const bad: ReadonlyArray<[string, Array<string>, RegExp]> = [
    ["missing provider", ["stream"], /missing <provider>/],
    ["unknown provider", ["stream", "nope", "--sse", "x"], /unknown provider 'nope'/],
    ["missing --sse", ["stream", "openai-chat"], /--sse <file> is required/],
    ["unknown flag", ["stream", "openai-chat", "--sse", "x", "--what", "1"], /unknown argument '--what'/],
    ["bad chunk size", ["stream", "openai-chat", "--sse", "x", "--chunk-size", "0"], /--chunk-size must be a positive integer/],
    ["flag without value", ["stream", "openai-chat", "--sse"], /--sse needs a value/],
    ["unreadable file", ["stream", "openai-chat", "--sse", "/nonexistent/file.sse"], /cannot read --sse file/],
    ["unreadable tools", ["stream", "openai-chat", "--sse", "fixtures/openai-chat/text.sse", "--tools", "/nonexistent.json"], /cannot read --tools file/],
    ["unknown command", ["frobnicate"], /unknown command 'frobnicate'/]
  ]
  for (const [name, args, message] of bad) {
    it(`exit 2 on ${name}`, async () => {
      const { code, stderr, stdout } = await cli(...args)
      expect(code).toBe(2)
      expect(stderr).toMatch(message)
      expect(stdout).toBe("")
    })
  }

  it("exit 2 on a --tools file that is not an array of tools", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aimux-cli-"))
    const toolsFile = join(dir, "tools.json")
    writeFileSync(toolsFile, JSON.stringify([{ type: "function" }]))
    const { code, stderr } = await cli("stream", "openai-chat", "--sse", join(fixtureDir, "text.sse"), "--tools", toolsFile)
    expect(code).toBe(2)
    expect(stderr).toMatch(/--tools must be a JSON array of V4 tool definitions/)
  })

  it("help and no arguments list demo and stream; demo has its own help", async () => {
    for (const args of [[], ["help"]]) {
      const { code, stdout } = await cli(...args)
      expect(code).toBe(0)
      expect(stdout).toMatch(/demo/)
      expect(stdout).toMatch(/stream <provider> --sse <file>/)
    }
    // the demo itself is tested in test/cli/demo.test.ts; its help never touches the network
    const demo = await cli("demo", "--help")
    expect(demo.code).toBe(0)
    expect(demo.stdout).toMatch(/^usage: aimux demo/)
  })
})
