/**
 * `aimux image`, `aimux speak` and `aimux transcribe` as processes with `--replay` (no network):
 * the files written and the JSON printed equal what upstream's core functions return for the same
 * response bytes; a failing call prints a `failure` line and exits 1, bad arguments exit 2.
 */
import { createOpenAI } from "@ai-sdk/openai"
import { generateImage, generateSpeech, transcribe } from "ai"
import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"

const run = promisify(execFile)
const root = join(import.meta.dirname, "../..")
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

const replying = (body: Uint8Array | string, contentType: string, status = 200): typeof fetch => async () =>
  new Response(typeof body === "string" ? body : Buffer.from(body), { status, headers: { "content-type": contentType } })

const dir = mkdtempSync(join(tmpdir(), "aimux-media-cli-"))
const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe("aimux media commands (process, against upstream)", () => {
  it("image: the files are upstream's images, in order, with their media types", async () => {
    const body = JSON.stringify({ created: 1, data: [{ b64_json: "iVBORw0KGgoAAAA=" }, { b64_json: "/9j/4AAQSkZJRg==" }] })
    const out = join(dir, "images")
    const result = await cli("image", "openai", "--prompt", "a cat", "--n", "2", "--out", out, "--replay", file("img.json", body))
    expect(result.code).toBe(0)
    const printed = JSON.parse(result.stdout)
    const upstream = await generateImage({ model: createOpenAI({ apiKey: "k", fetch: replying(body, "application/json") }).image("gpt-image-1"), prompt: "a cat", n: 2 })
    expect(printed.files.map((f: { mediaType: string }) => f.mediaType)).toEqual(upstream.images.map((i) => i.mediaType))
    printed.files.forEach((f: { file: string }, i: number) => {
      expect(Buffer.from(readFileSync(f.file))).toEqual(Buffer.from(upstream.images[i].uint8Array))
    })
  })

  it("speak: the audio file and format are upstream's", async () => {
    const audio = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 1])
    const out = join(dir, "speech.mp3")
    const result = await cli("speak", "openai", "--text", "hello", "--voice", "nova", "--out", out, "--replay", file("speech.bin", audio))
    expect(result.code).toBe(0)
    const printed = JSON.parse(result.stdout)
    const upstream = await generateSpeech({ model: createOpenAI({ apiKey: "k", fetch: replying(audio, "audio/mpeg") }).speech("gpt-4o-mini-tts"), text: "hello", voice: "nova" })
    expect({ mediaType: printed.mediaType, format: printed.format }).toEqual({ mediaType: upstream.audio.mediaType, format: upstream.audio.format })
    expect(Buffer.from(readFileSync(out))).toEqual(Buffer.from(upstream.audio.uint8Array))
  })

  it("transcribe: the transcript is upstream's (and is written with --out)", async () => {
    const body = JSON.stringify({
      text: "hello there",
      language: "english",
      duration: 2,
      segments: [{ id: 0, seek: 0, start: 0, end: 2, text: "hello there", tokens: [1], temperature: 0, avg_logprob: 0, compression_ratio: 1, no_speech_prob: 0 }]
    })
    const audio = file("in.wav", new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))
    const out = join(dir, "transcript.json")
    const result = await cli("transcribe", "openai", "--audio", audio, "--out", out, "--replay", file("tr.json", body))
    expect(result.code).toBe(0)
    const upstream = await transcribe({ model: createOpenAI({ apiKey: "k", fetch: replying(body, "application/json") }).transcription("whisper-1"), audio: readFileSync(audio) })
    const expected = {
      type: "transcript",
      text: upstream.text,
      segments: upstream.segments,
      language: upstream.language,
      durationInSeconds: upstream.durationInSeconds,
      warnings: upstream.warnings
    }
    expect(JSON.parse(result.stdout)).toEqual(expected)
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(expected)
  })

  it("a failing call: a failure line, exit 1", async () => {
    const result = await cli("transcribe", "groq", "--audio", file("x.wav", "x"), "--replay", file("bad.json", "{not json"))
    expect(result.code).toBe(1)
    const line = JSON.parse(result.stdout)
    expect(line.type).toBe("failure")
    expect(line.error.name).toBe("AI_APICallError")
  })

  it("bad arguments exit 2", async () => {
    expect((await cli("image", "nope", "--prompt", "x", "--out", dir)).code).toBe(2)
    expect((await cli("image", "openai", "--prompt", "x")).code).toBe(2)
    expect((await cli("speak", "openai", "--text", "x", "--out", "y", "--speed", "fast")).code).toBe(2)
    expect((await cli("transcribe", "openai", "--bogus", "1")).code).toBe(2)
  })
})
