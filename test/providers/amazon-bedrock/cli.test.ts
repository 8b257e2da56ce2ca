/**
 * `aimux stream amazon-bedrock --sse <file>` as a process: the file is the
 * raw binary event-stream body; its JSON lines equal upstream's parts for
 * the same bytes; every exception frame (also a first one) is an error part
 * and exit 0; a body ending mid-frame or with a CRC mismatch prints the
 * parts so far, then a `failure` line, and exits 1.
 */
import { writeFileSync } from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { cli, tempDir } from "../_kit/Cli.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import { chunksToBody, fixturesDir, readText, upstreamStream } from "./harness.ts"

const tmp = tempDir("bedrock")

const recording = (name: string) => path.join(fixturesDir, "recordings", name)
const crafted = (name: string) => path.join(fixturesDir, "crafted", name)
const bodyOf = (file: string): Uint8Array =>
  file.endsWith(".base64.txt") ? new Uint8Array(Buffer.from(readText(file).trim(), "base64")) : chunksToBody(readText(file))

const text = bodyOf(recording("bedrock-text.chunks.txt"))
const truncated = text.subarray(0, text.length - 5)
const badCrc = new Uint8Array(text)
badCrc[200] ^= 0x01

const cases: ReadonlyArray<readonly [string, Uint8Array]> = [
  ["bedrock-text", text],
  ["bedrock-reasoning", bodyOf(recording("bedrock-reasoning.chunks.txt"))],
  ["document-citations", bodyOf(recording("amazon-bedrock-document-citations.chunks.txt"))],
  ["model-stream-error-exception (base64 frame)", bodyOf(recording("model-stream-error-exception.eventstream.base64.txt"))],
  ["first frame an exception", bodyOf(crafted("exception-first-no-message.chunks.txt"))],
  ["tool use", bodyOf(crafted("tool-use-parallel.chunks.txt"))],
  ["ends mid-frame", truncated],
  ["CRC mismatch", badCrc]
]

// Upstream fails a broken body with a plain Error; aimux with
// InvalidResponseDataError, same message (docs/divergences.md).
const framingName = (lines: Array<unknown>) =>
  lines.map((line) => {
    if (typeof line !== "object" || line === null || Reflect.get(line, "type") !== "failure") return line
    const error: unknown = Reflect.get(line, "error")
    return typeof error === "object" && error !== null ? { ...line, error: { ...error, name: "<framing>" } } : line
  })

describe("aimux stream amazon-bedrock (process, differential against upstream)", () => {
  for (const [label, body] of cases) {
    for (const chunkSize of label === "bedrock-text" ? [undefined, 7] : [7]) {
      it(`${label}${chunkSize === undefined ? "" : ` chunk=${chunkSize}`}`, async () => {
        const file = path.join(tmp, `${label.replace(/\W+/g, "-")}.bin`)
        writeFileSync(file, body)
        const upstream = await upstreamStream({ body, chunkSize: chunkSize ?? "whole", headers: {} }, {
          prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }]
        })
        const expected = upstream.parts.map(cliPartJson)
        if (upstream.failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(upstream.failure) })
        const ours = await cli("stream", "amazon-bedrock", "--sse", file, ...(chunkSize === undefined ? [] : ["--chunk-size", String(chunkSize)]))
        const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
        expect(framingName(lines)).toStrictEqual(framingName(JSON.parse(JSON.stringify(expected))))
        expect(ours.code).toBe(upstream.failure === undefined ? 0 : 1)
        if (upstream.failure !== undefined) {
          expect(Reflect.get(Object(lines.at(-1)), "error")).toMatchObject({ name: "AI_InvalidResponseDataError" })
        }
      }, 30_000)
    }
  }
})
