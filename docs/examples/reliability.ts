/**
 * The example of docs/reliability.md, with the names the doc leaves out imported first.
 */
import { Effect } from "effect"
import { GenerateText } from "aimux"
import { Timeout } from "aimux/reliability"
import { Anthropic } from "aimux/anthropic"
import { OpenAI } from "aimux/openai"

const { generateText } = GenerateText

import { Layer } from "effect"
import { ReliableModel, Fallback } from "aimux/reliability"

const model = ReliableModel.layer({
  retry: { maxRetries: 3 },                       // or a Retry.Policy with any Schedule, or false
  timeout: { step: "2 minutes", firstChunk: "20 seconds", chunk: "30 seconds" }
}).pipe(Layer.provide(OpenAI.layer("gpt-4o-mini")))

// optional fallback: retried primary, then a second model
const withFallback = Fallback.layer(Anthropic.layer("claude-sonnet-4-5")).pipe(Layer.provide(model))

generateText({ prompt: "hi" }).pipe(Timeout.total("5 minutes"), Effect.provide(withFallback))

// docs/reliability.md, "Changing them" (the default HTTP bounds)
const prompt = "hi"
const program = generateText({ prompt }).pipe(Effect.provide(model))

import { HttpTimeouts } from "aimux/reliability"

// for a whole program (a Layer), or one call (`HttpTimeouts.provide({...})(effect)`)
program.pipe(Effect.provide(HttpTimeouts.layer({ headers: "30 seconds", bodyIdle: "2 minutes" })))
program.pipe(Effect.provide(HttpTimeouts.layer({ bodyIdle: false })))   // no body bound
program.pipe(Effect.provide(HttpTimeouts.disabled))                      // no bound at all
generateText({ prompt, maxRetries: 0 })                                   // no retries
