/**
 * The bodies of the socket bench: the recorded OpenAI chat stream
 * (`recordings/openai-chat/openai-text.chunks.txt`), with every text delta of stream `n`
 * prefixed by `<n>|`, so a stream that received another stream's bytes is seen.
 */
import * as fs from "node:fs"
import * as path from "node:path"

const recording = path.join(import.meta.dirname, "..", "..", "..", "shared", "recordings", "openai-chat", "openai-text.chunks.txt")
const lines = fs.readFileSync(recording, "utf8").split("\n").filter((line) => line.trim() !== "")

interface Chunk {
  readonly choices: ReadonlyArray<{ readonly delta?: { content?: string | null } }>
}

const contents: Array<string> = lines.map((line) => {
  const chunk: Chunk = JSON.parse(line)
  const content = chunk.choices[0]?.delta?.content
  return typeof content === "string" && content.length > 0 ? content : ""
})

// The body with the places where the stream's number goes cut out, so a body is one join: the
// server builds it when the request ends, and 1,000 requests arriving at once must not stall its
// event loop (building each body with a regex over every line took ~3 ms, ~3 s for a burst, which
// delayed every first part of the run by the server's own work).
const segments: ReadonlyArray<string> = (
  lines.map((line) => `data: ${line.replace(/"content":"(?=[^"])/g, `"content":"\u0000`)}\n\n`).join("") + "data: [DONE]\n\n"
).split("\u0000")

/** The SSE body of stream `n`. */
export const bodyOf = (n: number): string => segments.join(`${n}|`)

const segmentBytes: ReadonlyArray<Buffer> = segments.map((segment) => Buffer.from(segment, "utf8"))

/** {@link bodyOf} as bytes, built from the encoded segments (no string to flatten and encode). */
export const bytesOf = (n: number): Buffer => {
  const mark = Buffer.from(`${n}|`, "utf8")
  const parts: Array<Buffer> = []
  for (let i = 0; i < segmentBytes.length; i++) {
    if (i > 0) parts.push(mark)
    parts.push(segmentBytes[i])
  }
  return Buffer.concat(parts)
}

/** The text the consumer of stream `n` must see. */
export const expectedText = (n: number): string => contents.map((c) => (c === "" ? "" : `${n}|${c}`)).join("")

/** Stream `n` of a request body (its prompt says `stream <n>`). */
export const streamOf = (requestBody: string): number => {
  const match = /stream (\d+)/.exec(requestBody)
  return match === null ? -1 : Number(match[1])
}
