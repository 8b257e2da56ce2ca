/**
 * `aimux embed` as a process: values from `--file` (and stdin), recorded response bodies replayed
 * with `--response` (one per request), one JSON line per value equal to upstream `embedMany`'s
 * embeddings on the same bodies; a failing response prints the failure line and exits 1; bad
 * arguments exit 2.
 */
import { describe, expect, it } from "@effect/vitest"
import { createOpenAI } from "@ai-sdk/openai"
import { embedMany as upstreamEmbedMany } from "ai"
import { execFile, spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)
const root = join(import.meta.dirname, "../..")
const main = join(root, "src/cli/main.ts")
const dir = mkdtempSync(join(tmpdir(), "aimux-embed-"))

const cli = async (...args: Array<string>) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [main, "embed", ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

const bodyFor = (values: ReadonlyArray<string>, offset: number) =>
  JSON.stringify({ data: values.map((v, i) => ({ embedding: [v.length, offset + i, 0.125] })), usage: { prompt_tokens: values.length } })

describe("aimux embed", () => {
  it("3,000 values replayed from two recorded bodies: the lines upstream's embedMany gives", async () => {
    const values = Array.from({ length: 3000 }, (_, i) => `value ${i}`)
    const bodies = [bodyFor(values.slice(0, 2048), 0), bodyFor(values.slice(2048), 2048)]
    writeFileSync(join(dir, "values.txt"), `${values.join("\n")}\n`)
    writeFileSync(join(dir, "bodies.jsonl"), `${bodies.join("\n")}\n`)
    let call = 0
    const upstream = await upstreamEmbedMany({
      model: createOpenAI({ apiKey: "k", fetch: async () => new Response(bodies[call++], { headers: { "content-type": "application/json" } }) })
        .embedding("text-embedding-3-small"),
      values,
      maxParallelCalls: 1
    })
    const out = await cli("openai", "--file", join(dir, "values.txt"), "--response", join(dir, "bodies.jsonl"))
    expect(out.code).toBe(0)
    const lines = out.stdout.trim().split("\n").map((l) => JSON.parse(l) as { index: number; embedding: Array<number> })
    expect(lines.map((l) => l.index)).toEqual(values.map((_, i) => i))
    expect(lines.map((l) => l.embedding)).toEqual(upstream.embeddings)
  })

  it("values from stdin", async () => {
    writeFileSync(join(dir, "one.jsonl"), bodyFor(["a", "bb"], 0))
    const child = spawn(process.execPath, [main, "embed", "openai", "--response", join(dir, "one.jsonl")], { cwd: root })
    let stdout = ""
    child.stdout.on("data", (c: Buffer) => void (stdout += c.toString()))
    child.stdin.end("a\nbb\n")
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect(code).toBe(0)
    expect(stdout).toBe(`{"index":0,"embedding":[1,0,0.125]}\n{"index":1,"embedding":[2,1,0.125]}\n`)
  })

  it("an error response: the failure line, exit 1", async () => {
    writeFileSync(join(dir, "v.txt"), "a\n")
    writeFileSync(join(dir, "err.jsonl"), JSON.stringify({ error: { message: "Incorrect API key", type: "invalid_request_error", code: "invalid_api_key" } }))
    const out = await cli("openai", "--file", join(dir, "v.txt"), "--response", join(dir, "err.jsonl"))
    // the replayed body answers with status 200 but is no embedding response
    expect(out.code).toBe(1)
    const line = JSON.parse(out.stdout.trim()) as { type: string; error: { name: string; message: string } }
    expect(line.type).toBe("failure")
    expect(line.error).toMatchObject({ name: "AI_APICallError", message: "Invalid JSON response" })
  })

  it("bad arguments exit 2", async () => {
    const [unknown, parallel] = await Promise.all([cli("nope"), cli("openai", "--max-parallel", "0")])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("unknown embedding provider 'nope'")
    expect(parallel.code).toBe(2)
  })
})
