// A consumer program, copied into a fresh project by test/package/consumer.test.ts, compiled
// with the consumer's strict tsconfig and run on Node 24 and 22: a two-step tool agent streamed
// through aimux/openai's chat model against a loopback server that plays the OpenAI chat API
// (turn 1: a tool call; turn 2 must carry the tool's result and gets the answer). Prints every
// full-stream part as one JSON line, then the outcome of the error branch.
import { createServer } from "node:http"
import { Effect, Layer, Schema, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { Errors, GenerateText, LanguageModel, StopCondition, StreamText, Tool } from "aimux"
import { OpenAI } from "aimux/openai"

const chunk = (delta: object, finish: string | null = null) =>
  JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1764453360, model: "gpt-4o-mini", choices: [{ index: 0, delta, finish_reason: finish }] })
const sse = (payloads: ReadonlyArray<string>) => payloads.map((p) => `data: ${p}\n\n`).join("") + "data: [DONE]\n\n"

const turns = [
  sse([
    chunk({ role: "assistant", content: null }),
    chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "weather", arguments: "{\"city\":" } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: "\"Lisbon\"}" } }] }),
    chunk({}, "tool_calls")
  ]),
  sse([chunk({ role: "assistant", content: "" }), chunk({ content: "Sunny, 22 °C." }), chunk({}, "stop")])
]

const server = createServer((request, response) => {
  let body = ""
  request.on("data", (data: Buffer) => { body += data.toString("utf8") })
  request.on("end", () => {
    const turn = body.includes("\"role\":\"tool\"") ? (body.includes("sunny") ? 1 : -1) : 0
    const answer = turns[turn]
    if (request.headers.authorization !== "Bearer sk-consumer" || answer === undefined) {
      response.writeHead(401, { "content-type": "application/json" })
      response.end(JSON.stringify({ error: { message: "bad request", type: "invalid_request_error" } }))
      return
    }
    response.writeHead(200, { "content-type": "text/event-stream" })
    response.end(answer)
  })
})
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
const address = server.address()
const port = typeof address === "object" && address !== null ? address.port : 0

const weather = Tool.make({
  description: "Get the current weather of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, temperature: 22, conditions: "sunny" })
})

const run = (apiKey: string) =>
  StreamText.streamText({
    prompt: "What's the weather in Lisbon?",
    tools: { weather },
    stopWhen: StopCondition.isStepCount(5)
  }).pipe(
    Stream.runForEach((part) => Effect.sync(() => process.stdout.write(`${JSON.stringify(part)}\n`))),
    Effect.provide(ModelLive(apiKey))
  )

const ModelLive = (apiKey: string) =>
  Layer.effect(LanguageModel.LanguageModel, OpenAI.chat("gpt-4o-mini", { apiKey, baseURL: `http://127.0.0.1:${port}/v1` })).pipe(
    Layer.provide(FetchHttpClient.layer)
  )

const program = Effect.gen(function*() {
  yield* run("sk-consumer")
  // the error branch: a rejected key fails generateText with a typed APICallError (upstream's marker)
  const status = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
    Effect.as("no error"),
    Effect.catchTag("APICallError", (error: Errors.APICallError) =>
      Effect.succeed(`APICallError ${error.statusCode ?? "?"} ${String(Errors.APICallError.isInstance(error))}`)),
    Effect.provide(ModelLive("sk-wrong"))
  )
  process.stdout.write(`${JSON.stringify({ type: "error-branch", status })}\n`)
})

await Effect.runPromise(program).finally(() => server.close())
