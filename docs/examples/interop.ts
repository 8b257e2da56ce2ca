/**
 * The two examples of docs/interop.md, with the values the doc leaves out declared first. Only
 * typechecked (never run: they would call a real endpoint); test/interop/example.test.ts runs the same
 * calls against a mocked fetch.
 */
import type { Layer } from "effect"
import { Effect } from "effect"
import { StreamText } from "aimux"
import type { LanguageModel as LanguageModelNs } from "aimux"
type LanguageModel = LanguageModelNs.LanguageModel

declare const apiKey: string
declare const OpenAIChatLive: Layer.Layer<LanguageModel>

import { createOpenAI } from "@ai-sdk/openai"
import { fromLanguageModelV4 } from "aimux/interop"

const openai = createOpenAI({ apiKey, fetch })
const ModelLive = fromLanguageModelV4(openai.chat("gpt-4o-mini")) // Layer<LanguageModel>

const program = StreamText.streamText({ prompt: "Say hello" }).pipe(
  StreamText.collect,
  Effect.map((result) => result.text)
)
program.pipe(Effect.provide(ModelLive))

import { generateText } from "ai"
import { toLanguageModelV4 } from "aimux/interop"

await using model = await toLanguageModelV4(OpenAIChatLive) // a Layer<LanguageModel>
const { text } = await generateText({ model, prompt: "Say hello" })

export { text }
