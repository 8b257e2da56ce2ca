/**
 * The chat's embedded model (no key, no network): an aimux `LanguageModel` service that reads
 * the V4 prompt it receives and streams V4 parts as a provider would, a few words at a time.
 *
 * Per turn it shows every part kind the page renders:
 * - a user message about an email: reasoning, then a streamed `sendEmail` call (which needs the
 *   user's approval);
 * - a user message asking for a story (or anything long or slow): reasoning, a long slow text,
 *   then a `weather` call; the one to stop mid-stream;
 * - any other user message: reasoning, then a streamed `weather` call for the city it names
 *   (Lisbon when none);
 * - tool results (or a denial) last: a text answer built from them, which on a later turn also
 *   quotes the first question, so a second turn shows that the history came back.
 *
 * @since 0.3.0
 */
import { Effect, Stream } from "effect"
import type { CallOptions, LanguageModel, Prompt, StreamPart } from "aimux"

/**
 * Options of {@link make}.
 *
 * @since 0.3.0
 * @category models
 */
export interface Options {
  /** Pause before each streamed part (default 30 ms, so the page visibly streams). */
  readonly delayMs?: number | undefined
}

type Part = StreamPart.StreamPart
type Message = Prompt.Message

const cities = ["Lisbon", "Paris", "Tokyo", "Berlin", "New York"] as const

const story =
  "Once upon a time, a small program learned to speak in streams. Every word it wrote travelled " +
  "on its own, through a socket, across a loopback wire, into a browser that painted it the moment " +
  "it arrived. The program liked this: nothing had to wait for the whole story to be finished. " +
  "When the reader grew tired and pressed stop, the program put down its pen at once, and it did " +
  "not call a single tool after that. At the end of the story, it would look up the weather in Lisbon."

const userText = (message: Message): string =>
  message.role !== "user"
    ? ""
    : message.content.flatMap((part) => part.type === "text" ? [part.text] : []).join(" ")

/** Text split into words with their trailing spaces, as a provider streams tokens. */
const words = (text: string): ReadonlyArray<string> => text.match(/\S+\s*/g) ?? [text]

const usage = (input: number, output: number): StreamPart.Finish["usage"] => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 }
})

const finish = (reason: "stop" | "tool-calls", input: number, output: number): Part => ({
  type: "finish",
  finishReason: { unified: reason, raw: reason },
  usage: usage(input, output)
})

const reasoningParts = (id: string, text: string): ReadonlyArray<Part> => [
  { type: "reasoning-start", id },
  ...words(text).map((delta): Part => ({ type: "reasoning-delta", id, delta })),
  { type: "reasoning-end", id }
]

const textParts = (id: string, text: string): ReadonlyArray<Part> => [
  { type: "text-start", id },
  ...words(text).map((delta): Part => ({ type: "text-delta", id, delta })),
  { type: "text-end", id }
]

/** A tool call whose JSON input streams in a few pieces before the call itself. */
const toolCallParts = (toolCallId: string, toolName: string, input: unknown): ReadonlyArray<Part> => {
  const json = JSON.stringify(input)
  const pieces = json.match(/.{1,12}/g) ?? [json]
  return [
    { type: "tool-input-start", id: toolCallId, toolName },
    ...pieces.map((delta): Part => ({ type: "tool-input-delta", id: toolCallId, delta })),
    { type: "tool-input-end", id: toolCallId },
    { type: "tool-call", toolCallId, toolName, input: json }
  ]
}

const cityIn = (text: string): string => {
  const known = cities.find((city) => text.toLowerCase().includes(city.toLowerCase()))
  if (known !== undefined) return known
  const named = /\bin ([A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)*)/u.exec(text)
  return named?.[1] ?? "Lisbon"
}

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> => typeof u === "object" && u !== null

const field = (value: unknown, key: string): string | undefined => {
  if (!isRecord(value)) return undefined
  const found = value[key]
  return typeof found === "string" || typeof found === "number" ? String(found) : undefined
}

/** The sentence that answers one tool result (or denial). */
const answerFor = (part: Prompt.ToolResultPart): string => {
  const output = part.output
  if (output.type === "execution-denied") return "Understood: I did not send that email."
  if (output.type === "error-text" || output.type === "error-json") {
    return `The ${part.toolName} tool failed: ${typeof output.value === "string" ? output.value : JSON.stringify(output.value)}.`
  }
  const value = output.type === "json" ? output.value : output.type === "text" ? output.value : undefined
  if (part.toolName === "weather") {
    return `It is ${field(value, "temperature") ?? "?"} °C and ${field(value, "conditions") ?? "unknown"} in ${
      field(value, "city") ?? "that city"
    } right now.`
  }
  if (part.toolName === "sendEmail") {
    return `Done: I sent "${field(value, "subject") ?? "the email"}" to ${field(value, "to") ?? "the recipient"}.`
  }
  return `The ${part.toolName} tool answered ${JSON.stringify(value)}.`
}

/** How many user messages the prompt holds, and the first one: what a later turn quotes. */
const historyNote = (prompt: Prompt.Prompt): string => {
  const questions = prompt.filter((message) => message.role === "user").map(userText)
  if (questions.length < 2) return ""
  return ` This is turn ${questions.length} of our conversation; you first asked: "${questions[0]}".`
}

/**
 * The parts answering one prompt; `nextId` numbers tool calls so that ids stay unique across
 * the turns of a conversation.
 *
 * @since 0.3.0
 * @category models
 */
export const partsFor = (prompt: Prompt.Prompt, nextId: () => string): ReadonlyArray<Part> => {
  const inputTokens = Math.ceil(JSON.stringify(prompt).length / 4)
  const start: Part = { type: "stream-start", warnings: [] }
  const last = prompt[prompt.length - 1]
  if (last?.role === "tool") {
    const results = last.content.flatMap((part) => part.type === "tool-result" ? [part] : [])
    const text = results.map(answerFor).join(" ") + historyNote(prompt)
    return [start, ...textParts("text-1", text), finish("stop", inputTokens, words(text).length)]
  }
  const question = last === undefined ? "" : userText(last)
  if (/\b(e-?mail|mail)\b/i.test(question)) {
    const to = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(question)?.[0] ?? "team@example.com"
    const thinking = `The user wants me to send an email to ${to}. Sending mail needs their approval, so I ask for it.`
    return [
      start,
      ...reasoningParts("reasoning-1", thinking),
      ...toolCallParts(nextId(), "sendEmail", { to, subject: "Hello from aimux", body: question }),
      finish("tool-calls", inputTokens, 40)
    ]
  }
  if (/\b(story|long|slow)\b/i.test(question)) {
    return [
      start,
      ...reasoningParts("reasoning-1", "A long answer: I tell a story, then look up the weather in Lisbon."),
      ...textParts("text-1", story),
      ...toolCallParts(nextId(), "weather", { city: "Lisbon" }),
      finish("tool-calls", inputTokens, words(story).length + 10)
    ]
  }
  const city = cityIn(question)
  return [
    start,
    ...reasoningParts("reasoning-1", `The user asks about the weather in ${city}, so I call the weather tool.`),
    ...toolCallParts(nextId(), "weather", { city }),
    finish("tool-calls", inputTokens, 20)
  ]
}

/**
 * The scripted model as an aimux `LanguageModel` service.
 *
 * @since 0.3.0
 * @category models
 */
export const make = (options: Options = {}): LanguageModel.Service => {
  const delayMs = options.delayMs ?? 30
  let calls = 0
  const nextId = () => `call-${++calls}`
  const stream = (call: CallOptions.CallOptions): Stream.Stream<Part> => {
    const parts = Stream.fromIterable(partsFor(call.prompt, nextId))
    return delayMs > 0 ? Stream.tap(parts, () => Effect.sleep(delayMs)) : parts
  }
  return {
    specificationVersion: "v4",
    provider: "aimux-chat.scripted",
    modelId: "scripted",
    supportedUrls: Effect.succeed({}),
    // the same answer at once: text and reasoning joined, tool calls as they are
    generate: (call) =>
      Effect.sync(() => {
        const parts = partsFor(call.prompt, nextId)
        const joined = (type: "text-delta" | "reasoning-delta") =>
          parts.flatMap((part) => part.type === type ? [part.delta] : []).join("")
        const end = parts.find((part) => part.type === "finish")
        return {
          content: [
            ...(joined("reasoning-delta") === "" ? [] : [{ type: "reasoning" as const, text: joined("reasoning-delta") }]),
            ...(joined("text-delta") === "" ? [] : [{ type: "text" as const, text: joined("text-delta") }]),
            ...parts.flatMap((part) => part.type === "tool-call" ? [part] : [])
          ],
          finishReason: end?.finishReason ?? { unified: "stop", raw: "stop" },
          usage: end?.usage ?? usage(0, 0),
          warnings: []
        }
      }),
    stream: (call) => Effect.succeed({ stream: stream(call) })
  }
}
