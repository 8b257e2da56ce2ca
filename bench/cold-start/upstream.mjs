// Cold start, upstream: import `ai` and `@ai-sdk/openai` and construct a chat model. Run as a fresh
// process by bench/coldStart.ts; prints the process's CPU time (user + system, µs).
import { streamText } from "ai"
import { createOpenAI } from "@ai-sdk/openai"

const model = createOpenAI({ apiKey: "sk-cold-start" }).chat("gpt-4o-mini")
if (typeof streamText !== "function" || model.modelId !== "gpt-4o-mini") process.exit(1)
const cpu = process.cpuUsage()
process.stdout.write(`${cpu.user + cpu.system}\n`)
