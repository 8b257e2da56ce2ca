/**
 * The CLI as a user calls it: `aimux stream` refuses a body with no SSE `data:` field (a JSON-lines
 * file) with a message on stderr and exit 2 instead of printing a lone interrupted `finish`;
 * `npm start --silent -- --json` prints only JSON lines on stdout (npm's banner stays off it, so
 * `| jq` works); `aimux demo --provider` takes the `aimux stream` ids.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "../..")
const main = join(root, "src/cli/main.ts")
const dir = mkdtempSync(join(tmpdir(), "aimux-cli-input-"))

interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

const exec = (file: string, args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  new Promise<Run>((resolve) => {
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(OPENAI|ANTHROPIC)_/.test(key)))
    execFile(file, args, { cwd: root, env: { ...base, NO_COLOR: "1", ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr })
    })
  })

const file = (name: string, text: string): string => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe("aimux stream: a body without any SSE data field", { timeout: 120_000 }, () => {
  const jsonLines = file("chunks.jsonl", "{\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n{\"choices\":[]}\n")

  it.each(["openai-chat", "anthropic"])("%s: says so on stderr, prints nothing, exits 2", async (provider) => {
    const run = await exec(process.execPath, [main, "stream", provider, "--sse", jsonLines])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe("")
    expect(run.stderr).toContain("has no SSE `data:` field at all")
  })

  it("an empty file and comment-only SSE are refused the same way", async () => {
    for (const text of ["", ": keep-alive\n\nevent: ping\n\n", "datum: 1\n\n"]) {
      const run = await exec(process.execPath, [main, "stream", "openai-chat", "--sse", file("no-data.sse", text)])
      expect(run.code, JSON.stringify(text)).toBe(2)
      expect(run.stdout).toBe("")
    }
  })

  it("a data field in any line form (LF, CRLF, CR, bare `data`) is accepted and streamed", async () => {
    const chunk = "{\"id\":\"c\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},\"finish_reason\":\"stop\"}]}"
    for (const eol of ["\n", "\r\n", "\r"]) {
      const run = await exec(process.execPath, [main, "stream", "openai-chat", "--sse", file("ok.sse", `data: ${chunk}${eol}${eol}data: [DONE]${eol}${eol}`)])
      expect(run.code, JSON.stringify(eol)).toBe(0)
      expect(run.stdout).toContain("\"type\":\"text-delta\"")
      expect(run.stdout).toContain("\"type\":\"finish\"")
    }
    // a bare `data` line is a data field with an empty value: not refused (the stream then decides)
    const bare = await exec(process.execPath, [main, "stream", "openai-chat", "--sse", file("bare.sse", "data\n\n")])
    expect(bare.stderr).not.toContain("has no SSE `data:` field")
  })
})

describe("npm start -- --json", { timeout: 120_000 }, () => {
  it("with --silent, stdout is only JSON lines (npm's banner is not on it)", async () => {
    const run = await exec("npm", ["start", "--silent", "--", "--json", "--delay", "0"])
    expect(run.code).toBe(0)
    const lines = run.stdout.split("\n").filter((line) => line !== "")
    expect(lines.length).toBeGreaterThan(10)
    const parsed = lines.map((line): { readonly type: string } => JSON.parse(line))
    expect(parsed[0]).toEqual({ type: "start" })
    expect(parsed.at(-1)?.type).toBe("finish")
  })

  it("--provider takes the aimux stream ids: openai-chat and anthropic", async () => {
    for (const provider of ["openai-chat", "anthropic"]) {
      const run = await exec(process.execPath, [main, "demo", "--provider", provider, "--json", "--delay", "0"])
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout.trim().split("\n").at(-1)).toContain("\"type\":\"finish\"")
    }
  })
})
