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

/** The SSE body of stream `n`. */
export const bodyOf = (n: number): string =>
  lines.map((line) => `data: ${line.replace(/"content":"(?=[^"])/g, `"content":"${n}|`)}\n\n`).join("") + "data: [DONE]\n\n"

/** The text the consumer of stream `n` must see. */
export const expectedText = (n: number): string => contents.map((c) => (c === "" ? "" : `${n}|${c}`)).join("")

/** Stream `n` of a request body (its prompt says `stream <n>`). */
export const streamOf = (requestBody: string): number => {
  const match = /stream (\d+)/.exec(requestBody)
  return match === null ? -1 : Number(match[1])
}
