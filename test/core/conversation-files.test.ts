/**
 * The step loop's downloadable files are kept per message added (ConversationFiles) instead of a
 * scan of the whole prompt every step: the files, in order, must be those of a full scan of the
 * prompt each step sends, when the conversation grows by response messages (a tool result with a
 * file URL), and when `prepareStep` replaces it (a new user file, the old one dropped).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import { ConversationFiles } from "../../src/core/generation/ConversationFiles.ts"
import { collectFiles, type UrlFile } from "../../src/core/ModelMessage.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type * as Prompt from "../../src/contract/Prompt.ts"
import * as Download from "../../src/reliability/Download.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

const urlFile = (url: string): Prompt.FilePart => ({ type: "file", data: { type: "url", url: new URL(url) }, mediaType: "image/png" })
const userWith = (url: string): Prompt.Message => ({ role: "user", content: [{ type: "text", text: "see" }, urlFile(url)] })
const toolWith = (id: string, url: string): Prompt.Message => ({
  role: "tool",
  content: [{
    type: "tool-result",
    toolCallId: id,
    toolName: "shot",
    output: { type: "content", value: [{ type: "text", text: "x" }, { type: "file", data: { type: "url", url: new URL(url) }, mediaType: "image/png" }] }
  }]
})
const text = (t: string): Prompt.Message => ({ role: "user", content: [{ type: "text", text: t }] })

const fullScan = (prompt: Prompt.Prompt): Array<UrlFile> => {
  const files: Array<UrlFile> = []
  collectFiles(prompt, 0, files)
  return files
}
const urls = (files: ReadonlyArray<UrlFile>) => files.map((f) => f.data.type === "url" ? f.data.url.href : "data")

describe("ConversationFiles", () => {
  it("equals a full scan through growth, replacement and an array grown in place", () => {
    const files = new ConversationFiles()
    let conversation: Prompt.Prompt = [userWith("https://a.test/1.png")]
    expect(urls(files.of(conversation))).toStrictEqual(["https://a.test/1.png"])
    for (let i = 0; i < 5; i++) {
      conversation = files.extend(conversation, conversation.concat([text(`t${i}`), toolWith(`c${i}`, `https://a.test/t${i}.png`)]))
      expect(urls(files.of(conversation))).toStrictEqual(urls(fullScan(conversation)))
    }
    expect(files.of(conversation)).toHaveLength(6)
    // replaced (not an extension): scanned whole, the dropped file is gone
    conversation = [conversation[1]!, userWith("https://b.test/2.png")]
    expect(urls(files.of(conversation))).toStrictEqual(["https://b.test/2.png"])
    // extended from an array that is not the last one asked for: scanned whole
    const other: Prompt.Prompt = [userWith("https://c.test/3.png")]
    const grown = files.extend(other, other.concat([toolWith("z", "https://c.test/4.png")]))
    expect(urls(files.of(grown))).toStrictEqual(["https://c.test/3.png", "https://c.test/4.png"])
    // the same array grown in place: its new messages are scanned
    const mutable: Array<Prompt.Message> = [text("a")]
    expect(files.of(mutable)).toHaveLength(0)
    mutable.push(userWith("https://d.test/5.png"))
    expect(urls(files.of(mutable))).toStrictEqual(["https://d.test/5.png"])
    // shrunk in place: scanned whole
    mutable.length = 1
    expect(files.of(mutable)).toHaveLength(0)
  })
})

const shot = Tool.make({
  inputSchema: Tool.jsonSchema<{ n: number }>({ type: "object", properties: { n: { type: "number" } }, required: ["n"] }),
  execute: (input) => Effect.succeed({ n: input.n }),
  toModelOutput: ({ output }) =>
    Effect.succeed({
      type: "content" as const,
      value: [{ type: "file" as const, data: { type: "url" as const, url: new URL(`https://tool.test/${output.n}.png`) }, mediaType: "image/png" }]
    })
})

const stepResult = (index: number) => ({
  content: index < 3 ? [{ type: "tool-call" as const, toolCallId: `c${index}`, toolName: "shot", input: JSON.stringify({ n: index }) }] : [{ type: "text" as const, text: "done" }],
  finishReason: H.finishReason(index < 3 ? "tool-calls" : "stop"),
  usage: H.usage(1, 1),
  warnings: []
})

// step 2 replaces the conversation: the first user message (and its file) dropped, a new user file added
const prepareStep = ({ stepNumber, messages }: { readonly stepNumber: number; readonly messages: Prompt.Prompt }) =>
  Effect.succeed(stepNumber === 2 ? { messages: [...messages.slice(1), userWith("https://user.test/late.png")] } : undefined)

describe("the step loop asks for the files of the prompt it sends", () => {
  for (const fn of ["generateText", "streamText"] as const) {
    it.effect(fn, () =>
      Effect.gen(function*() {
        const asked: Array<Array<string>> = []
        const downloads = Download.layerWith((requests) =>
          Effect.sync(() => {
            asked.push(requests.map((r) => r.url.href))
            return requests.map(() => null)
          })
        )
        const options = {
          messages: [{ role: "user" as const, content: [{ type: "image" as const, image: new URL("https://user.test/first.png") }] }],
          tools: { shot },
          prepareStep,
          stopWhen: StopCondition.isStepCount(4)
        }
        const mock = MockLanguageModel.layer({
          generate: (_, index) => stepResult(index),
          stream: (_, index) => {
            const r = stepResult(index)
            return {
              stream: H.framed(
                r.content.map((c) => c.type === "tool-call" ? H.toolCall(c.toolCallId, c.toolName, c.input) : { type: "text-delta" as const, id: "t", delta: "done" }),
                H.finish(r.finishReason.unified)
              )
            }
          }
        })
        const prompts = yield* Effect.gen(function*() {
          if (fn === "generateText") yield* GenerateText.generateText(options)
          else yield* Stream.runDrain(StreamText.streamText(options))
          const recorder = yield* MockLanguageModel.MockLanguageModel
          return yield* (fn === "generateText" ? recorder.generateCalls : recorder.streamCalls)
        }).pipe(Effect.provide(mock), Effect.provide(downloads))
        expect(prompts).toHaveLength(4)
        expect(asked).toStrictEqual(prompts.map((call) => urls(fullScan(call.prompt))))
        expect(asked).toStrictEqual([
          ["https://user.test/first.png"],
          ["https://user.test/first.png", "https://tool.test/0.png"],
          ["https://tool.test/0.png", "https://tool.test/1.png", "https://user.test/late.png"],
          ["https://tool.test/0.png", "https://tool.test/1.png", "https://user.test/late.png", "https://tool.test/2.png"]
        ])
      }))
  }
})
