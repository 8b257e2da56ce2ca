/**
 * The example of README.md ("Use it from your app"), compiled by the typecheck and run against a
 * loopback server by `docs/examples/readme.test.ts`.
 */
import { Effect, Layer, Schema, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { StopCondition, StreamText, Tool } from "aimux"
import { OpenAI } from "aimux/openai"

// a tool: an Effect Schema for the input (validated before execute), an Effect for the work
const weather = Tool.make({
  description: "Get the current weather of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, temperature: 22, conditions: "sunny" })
})

// a model is a Layer providing LanguageModel, here OpenAI's chat completions on effect's fetch
// HttpClient (the key comes from OPENAI_API_KEY, the base URL from OPENAI_BASE_URL or the default;
// `OpenAI.layer(modelId)` is the Responses model, as upstream's `openai(modelId)`)
const ModelLive = OpenAI.chatLayer("gpt-4o-mini").pipe(Layer.provide(FetchHttpClient.layer))

const program = StreamText.streamText({
  prompt: "What's the weather in Lisbon?",
  tools: { weather },
  stopWhen: StopCondition.isStepCount(5) // step 1 calls the tool, step 2 answers with its result
}).pipe(
  Stream.runForEach((part) =>
    Effect.sync(() => {
      if (part.type === "text-delta") process.stdout.write(part.text)
      if (part.type === "tool-call") console.log(`-> ${part.toolName}`, part.input)
      if (part.type === "tool-result") console.log(`<- ${part.toolName}`, part.output)
      if (part.type === "finish") console.log(`\n[${part.finishReason}]`, part.totalUsage)
      // a failed model call (HTTP status, transport, a provider's error frame) is an error part,
      // as in upstream's fullStream: the typed error with upstream's name and fields
      if (part.type === "error") console.error("model error:", part.error)
    })
  ),
  Effect.provide(ModelLive),
  // no OPENAI_API_KEY: building the model fails with a typed LoadAPIKeyError
  Effect.catchTag("LoadAPIKeyError", (error) => Effect.sync(() => console.error(error.message)))
)

export { program }
