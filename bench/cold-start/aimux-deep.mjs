// Cold start, aimux from a program that imports Effect's modules directly (`effect/Effect`,
// `effect/http/FetchHttpClient`) rather than the `effect` barrel; otherwise as aimux.mjs. The shipped
// JavaScript imports effect's modules directly too, so such a program never loads the barrels.
// Prints the process's CPU time (user + system, µs).
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { StreamText } from "aimux"
import { OpenAI } from "aimux/openai"

const model = Effect.runSync(OpenAI.chat("gpt-4o-mini", { apiKey: "sk-cold-start" }).pipe(Effect.provide(FetchHttpClient.layer)))
if (typeof StreamText.streamText !== "function" || model.modelId !== "gpt-4o-mini") process.exit(1)
const cpu = process.cpuUsage()
process.stdout.write(`${cpu.user + cpu.system}\n`)
