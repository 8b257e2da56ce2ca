/**
 * `aimux stream` honours stdout's backpressure: with its stdout a pipe that
 * nobody reads, once a write reports the buffer full the process waits for
 * `drain` instead of writing on (which would pile the whole output up in the
 * process's memory). A probe preloaded into the process (`probe/StdoutProbe.ts`)
 * reports what the program does once the pipe is full; the test starts
 * reading only after that report, so the order of events, not timing,
 * decides the outcome. The output read that way equals the output of a run
 * read at full speed.
 */
import { execFile, spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "../..")
const main = join(root, "src/cli/main.ts")
const probe = join(import.meta.dirname, "probe/StdoutProbe.ts")

// An OpenAI chat body of 40,000 text deltas: about 3 MB of JSON lines, far past what the pipe
// (64 KiB), the reader's buffer and stdout's high-water mark hold together.
const body = (): string => {
  const events: Array<string> = []
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
  events.push(chunk({ role: "assistant", content: "" }))
  for (let i = 0; i < 40_000; i++) events.push(chunk({ content: ` word${i}` }))
  events.push(chunk({}, "stop"), "data: [DONE]\n\n")
  return events.join("")
}

interface SlowRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs `aimux stream` with the probe; stdout is read only once the probe says the program waits or overruns. */
const slowRun = (args: ReadonlyArray<string>): Promise<SlowRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", probe, main, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] })
    const chunks: Array<Buffer> = []
    let stderr = ""
    let reading = false
    child.stdout.pause()
    child.stderr.setEncoding("utf8")
    child.stderr.on("data", (text: string) => {
      stderr += text
      if (!reading && /probe:(waiting|overrun)/.test(stderr)) {
        reading = true
        child.stdout.on("data", (c: Buffer) => void chunks.push(c))
        child.stdout.resume()
      }
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(chunks).toString("utf8"), stderr }))
  })

const reportOf = (stderr: string): { overruns: number; maxBuffered: number } => {
  const line = stderr.split("\n").find((l) => l.startsWith("probe:report "))
  expect(line).toBeDefined()
  return JSON.parse((line ?? "").slice("probe:report ".length))
}

describe("aimux stream: stdout backpressure", () => {
  it("waits for drain when the pipe is full, and prints every line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aimux-backpressure-"))
    const file = join(dir, "long.sse")
    writeFileSync(file, body())
    const args = ["stream", "openai-chat", "--sse", file, "--chunk-size", "4096"]
    const slow = await slowRun(args)
    expect(slow.code).toBe(0)
    // the pipe did fill (the case under test happened), and the program then waited
    expect(slow.stderr).toContain("probe:blocked")
    expect(slow.stderr).toContain("probe:waiting")
    expect(slow.stderr).not.toContain("probe:overrun")
    const report = reportOf(slow.stderr)
    expect(report.overruns).toBe(0)
    // what stayed buffered is one batch of lines (a 4 KiB network chunk's), not the output
    expect(report.maxBuffered).toBeLessThan(256 * 1024)
    const fast = await promisify(execFile)(process.execPath, [main, ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
    expect(slow.stdout.length).toBeGreaterThan(2_000_000)
    expect(slow.stdout).toBe(fast.stdout)
    const last = slow.stdout.trimEnd().split("\n").at(-1) ?? ""
    expect(JSON.parse(last)).toMatchObject({ type: "finish" })
  }, 120_000)
})
