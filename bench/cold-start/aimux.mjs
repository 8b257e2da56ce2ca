// Cold start, aimux: import the package entry and the OpenAI provider (from dist/, as an installed
// package resolves them) and construct a chat model. Run as a fresh process by bench/coldStart.ts;
// prints the process's CPU time (user + system, µs).
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { StreamText } from "aimux"
import { OpenAI } from "aimux/openai"

const model = Effect.runSync(OpenAI.chat("gpt-4o-mini", { apiKey: "sk-cold-start" }).pipe(Effect.provide(FetchHttpClient.layer)))
if (typeof StreamText.streamText !== "function" || model.modelId !== "gpt-4o-mini") process.exit(1)
const cpu = process.cpuUsage()
process.stdout.write(`${cpu.user + cpu.system}\n`)
