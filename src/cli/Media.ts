/**
 * `aimux image`, `aimux speak` and `aimux transcribe`: files in, files out, through a provider's
 * media model and the core functions. With `--replay <file>` the file's bytes are the HTTP
 * response body (no network, one request, no retries); otherwise the provider's key comes from its
 * environment variable and the request goes out with the fetch client.
 *
 * @since 0.1.0
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Cause, Effect, Exit, Layer } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import type * as HttpClient from "effect/http/HttpClient"
import * as GenerateImage from "../core/GenerateImage.ts"
import * as GenerateSpeech from "../core/GenerateSpeech.ts"
import * as Transcribe from "../core/Transcribe.ts"
import * as ImageModel from "../ImageModel.ts"
import * as AmazonBedrock from "../providers/amazon-bedrock/AmazonBedrock.ts"
import * as Google from "../providers/google/Google.ts"
import * as GoogleVertex from "../providers/google-vertex/GoogleVertex.ts"
import * as Groq from "../providers/groq/Groq.ts"
import * as OpenAI from "../providers/openai/OpenAI.ts"
import * as XAI from "../providers/xai/XAI.ts"
import * as SpeechModel from "../SpeechModel.ts"
import * as ReplayHttpClient from "../testing/ReplayHttpClient.ts"
import * as TranscriptionModel from "../TranscriptionModel.ts"
import { errorToJson } from "./internal/wire.ts"

type Key = string | undefined
type Make<S> = (modelId: string, apiKey: Key) => Effect.Effect<S, unknown, HttpClient.HttpClient>

interface Entry<S> {
  readonly defaultModel: string
  readonly make: Make<S>
}

const withKey = (apiKey: Key) => (apiKey === undefined ? {} : { apiKey })

const imageProviders: Readonly<Record<string, Entry<ImageModel.Service>>> = {
  openai: { defaultModel: "gpt-image-1", make: (id, key) => OpenAI.image(id, withKey(key)) },
  xai: { defaultModel: "grok-imagine-image", make: (id, key) => XAI.image(id, withKey(key)) },
  google: { defaultModel: "gemini-2.5-flash-image", make: (id, key) => Google.image(id, withKey(key)) },
  "google-vertex": { defaultModel: "gemini-2.5-flash-image", make: (id, key) => GoogleVertex.image(id, withKey(key)) },
  "amazon-bedrock": {
    defaultModel: "amazon.nova-canvas-v1:0",
    make: (id, key) => AmazonBedrock.image(id, key === undefined ? {} : { apiKey: key, region: "us-east-1" })
  }
}

const speechProviders: Readonly<Record<string, Entry<SpeechModel.Service>>> = {
  openai: { defaultModel: "gpt-4o-mini-tts", make: (id, key) => OpenAI.speech(id, withKey(key)) }
}

const transcriptionProviders: Readonly<Record<string, Entry<TranscriptionModel.Service>>> = {
  openai: { defaultModel: "whisper-1", make: (id, key) => OpenAI.transcription(id, withKey(key)) },
  groq: { defaultModel: "whisper-large-v3", make: (id, key) => Groq.transcription(id, withKey(key)) }
}

const usage = `usage:
  aimux image <provider> --prompt <text> --out <dir> [--n N] [--size WxH] [--aspect-ratio W:H]
              [--seed N] [--input <image-file>]... [--model <id>] [--replay <response-file>]
              providers: ${Object.keys(imageProviders).join(", ")}
  aimux speak <provider> --text <text> --out <file> [--voice V] [--format F] [--speed X]
              [--instructions T] [--model <id>] [--replay <response-file>]
              providers: ${Object.keys(speechProviders).join(", ")}
  aimux transcribe <provider> --audio <file> [--out <json-file>] [--model <id>] [--replay <response-file>]
              providers: ${Object.keys(transcriptionProviders).join(", ")}

--replay: the file is the HTTP response body (no network, one request, no retries).
Otherwise the provider's API key comes from its usual environment variable.`

class UsageError {
  readonly message: string
  constructor(message: string) {
    this.message = message
  }
}

const repeatable = new Set(["--input"])

const parseFlags = (
  argv: ReadonlyArray<string>,
  known: ReadonlyArray<string>
): { flags: Record<string, string>; inputs: Array<string> } | UsageError => {
  const flags: Record<string, string> = {}
  const inputs: Array<string> = []
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i]
    const value = argv[i + 1]
    if (!known.includes(flag)) return new UsageError(`unknown argument '${flag}'`)
    if (value === undefined || value.startsWith("--")) return new UsageError(`${flag} needs a value`)
    if (repeatable.has(flag)) inputs.push(value)
    else flags[flag] = value
  }
  return { flags, inputs }
}

const readBytes = (path: string, what: string): Uint8Array | UsageError => {
  try {
    return readFileSync(path)
  } catch (error) {
    return new UsageError(`cannot read ${what} '${path}': ${error instanceof Error ? error.message : String(error)}`)
  }
}

const numberFlag = (flags: Record<string, string>, flag: string, integer: boolean): number | undefined | UsageError => {
  const text = flags[flag]
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isFinite(value) || (integer && !/^\d+$/.test(text))) return new UsageError(`${flag} must be a number, got '${text}'`)
  return value
}

const extensionOf = (mediaType: string): string => {
  const subtype = mediaType.split("/")[1] ?? "bin"
  return subtype === "jpeg" ? "jpg" : subtype === "mpeg" ? "mp3" : subtype
}

const transport = (replay: Uint8Array | undefined, contentType: string): Layer.Layer<HttpClient.HttpClient> =>
  replay === undefined ? FetchHttpClient.layer : ReplayHttpClient.make({ body: replay, headers: { "content-type": contentType } }).layer

const finish = async (program: Effect.Effect<unknown, unknown>): Promise<number> => {
  const exit = await Effect.runPromiseExit(program)
  if (Exit.isSuccess(exit)) {
    process.stdout.write(`${JSON.stringify(exit.value)}\n`)
    return 0
  }
  const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
  process.stdout.write(
    `${JSON.stringify({ type: "failure", error: errorToJson(failure?._tag === "Fail" ? failure.error : Cause.squash(exit.cause)) })}\n`
  )
  return 1
}

const prepare = <S>(
  command: string,
  argv: ReadonlyArray<string>,
  table: Readonly<Record<string, Entry<S>>>,
  known: ReadonlyArray<string>
) => {
  const [provider, ...rest] = argv
  if (provider === undefined || provider.startsWith("--")) return new UsageError("missing <provider>")
  const entry = table[provider]
  if (entry === undefined) return new UsageError(`unknown ${command} provider '${provider}' (known: ${Object.keys(table).join(", ")})`)
  const parsed = parseFlags(rest, [...known, "--model", "--replay"])
  if (parsed instanceof UsageError) return parsed
  const replayPath = parsed.flags["--replay"]
  const replay = replayPath === undefined ? undefined : readBytes(replayPath, "--replay file")
  if (replay instanceof UsageError) return replay
  const model = entry.make(parsed.flags["--model"] ?? entry.defaultModel, replay === undefined ? undefined : "aimux-replay")
  return { ...parsed, replay, model }
}

const runImage = (argv: ReadonlyArray<string>): Promise<number> | UsageError => {
  const args = prepare("image", argv, imageProviders, ["--prompt", "--out", "--n", "--size", "--aspect-ratio", "--seed", "--input"])
  if (args instanceof UsageError) return args
  const { flags, inputs } = args
  const prompt = flags["--prompt"]
  const out = flags["--out"]
  if (out === undefined) return new UsageError("--out <dir> is required")
  if (prompt === undefined && inputs.length === 0) return new UsageError("--prompt <text> is required")
  const n = numberFlag(flags, "--n", true)
  const seed = numberFlag(flags, "--seed", true)
  if (n instanceof UsageError) return n
  if (seed instanceof UsageError) return seed
  const size = flags["--size"]
  const aspectRatio = flags["--aspect-ratio"]
  if (size !== undefined && !/^\d+x\d+$/.test(size)) return new UsageError(`--size must be WxH, got '${size}'`)
  if (aspectRatio !== undefined && !/^\d+:\d+$/.test(aspectRatio)) return new UsageError(`--aspect-ratio must be W:H, got '${aspectRatio}'`)
  const images: Array<Uint8Array> = []
  for (const input of inputs) {
    const bytes = readBytes(input, "--input file")
    if (bytes instanceof UsageError) return bytes
    images.push(bytes)
  }
  const program = Effect.gen(function*() {
    const result = yield* GenerateImage.generateImage({
      prompt: images.length > 0 ? { images, text: prompt } : prompt ?? "",
      n,
      seed,
      ...(size !== undefined && /^\d+x\d+$/.test(size) ? { size: `${Number(size.split("x")[0])}x${Number(size.split("x")[1])}` as const } : {}),
      ...(aspectRatio !== undefined ? { aspectRatio: `${Number(aspectRatio.split(":")[0])}:${Number(aspectRatio.split(":")[1])}` as const } : {}),
      ...(args.replay !== undefined ? { maxRetries: 0 } : {})
    })
    mkdirSync(out, { recursive: true })
    const files = result.images.map((image, index) => {
      const file = join(out, `image-${index + 1}.${extensionOf(image.mediaType)}`)
      writeFileSync(file, image.uint8Array)
      return { file, mediaType: image.mediaType, bytes: image.uint8Array.byteLength }
    })
    return { type: "images", files, warnings: result.warnings, usage: result.usage }
  }).pipe(
    Effect.provide(Layer.effect(ImageModel.ImageModel, args.model)),
    Effect.provide(transport(args.replay, "application/json"))
  )
  return finish(program)
}

const runSpeak = (argv: ReadonlyArray<string>): Promise<number> | UsageError => {
  const args = prepare("speak", argv, speechProviders, ["--text", "--out", "--voice", "--format", "--speed", "--instructions"])
  if (args instanceof UsageError) return args
  const { flags } = args
  const text = flags["--text"]
  const out = flags["--out"]
  if (text === undefined) return new UsageError("--text <text> is required")
  if (out === undefined) return new UsageError("--out <file> is required")
  const speed = numberFlag(flags, "--speed", false)
  if (speed instanceof UsageError) return speed
  const program = Effect.gen(function*() {
    const result = yield* GenerateSpeech.generateSpeech({
      text,
      voice: flags["--voice"],
      outputFormat: flags["--format"],
      speed,
      instructions: flags["--instructions"],
      ...(args.replay !== undefined ? { maxRetries: 0 } : {})
    })
    writeFileSync(out, result.audio.uint8Array)
    return {
      type: "audio",
      file: out,
      mediaType: result.audio.mediaType,
      format: result.audio.format,
      bytes: result.audio.uint8Array.byteLength,
      warnings: result.warnings
    }
  }).pipe(
    Effect.provide(Layer.effect(SpeechModel.SpeechModel, args.model)),
    Effect.provide(transport(args.replay, "audio/mpeg"))
  )
  return finish(program)
}

const runTranscribe = (argv: ReadonlyArray<string>): Promise<number> | UsageError => {
  const args = prepare("transcribe", argv, transcriptionProviders, ["--audio", "--out"])
  if (args instanceof UsageError) return args
  const { flags } = args
  const audioPath = flags["--audio"]
  if (audioPath === undefined) return new UsageError("--audio <file> is required")
  const audio = readBytes(audioPath, "--audio file")
  if (audio instanceof UsageError) return audio
  const out = flags["--out"]
  const program = Effect.gen(function*() {
    const result = yield* Transcribe.transcribe({ audio, ...(args.replay !== undefined ? { maxRetries: 0 } : {}) })
    const transcript = {
      type: "transcript",
      text: result.text,
      segments: result.segments,
      ...(result.words !== undefined ? { words: result.words } : {}),
      language: result.language,
      durationInSeconds: result.durationInSeconds,
      warnings: result.warnings
    }
    if (out !== undefined) writeFileSync(out, `${JSON.stringify(transcript, null, 2)}\n`)
    return transcript
  }).pipe(
    Effect.provide(Layer.effect(TranscriptionModel.TranscriptionModel, args.model)),
    Effect.provide(transport(args.replay, "application/json"))
  )
  return finish(program)
}

/**
 * Runs one media command; the exit code (0 ok, 1 the call failed, 2 bad arguments).
 *
 * @since 0.1.0
 * @category cli
 */
export const run = async (command: "image" | "speak" | "transcribe", argv: ReadonlyArray<string>): Promise<number> => {
  if (argv[0] === "--help" || argv[0] === "-h") {
    process.stdout.write(`${usage}\n`)
    return 0
  }
  const started = command === "image" ? runImage(argv) : command === "speak" ? runSpeak(argv) : runTranscribe(argv)
  if (started instanceof UsageError) {
    process.stderr.write(`aimux ${command}: ${started.message}\n\n${usage}\n`)
    return 2
  }
  return started
}
