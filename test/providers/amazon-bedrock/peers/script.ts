// Bedrock calls in a process where `@smithy/eventstream-codec` and `aws4fetch` cannot be loaded
// (see withoutPeers.mjs): one JSON line per case, `{ case, outcome, tag?, message?, requests }`.
import { Effect, Exit, Predicate, Stream } from "effect"
import { AmazonBedrock, AmazonBedrockAnthropic } from "../../../../src/providers/amazon-bedrock/index.ts"
import type { Service } from "../../../../src/LanguageModel.ts"
import type { HttpClient } from "effect/http"
import * as ReplayHttpClient from "../../../../src/testing/ReplayHttpClient.ts"

const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }]
const converseBody = JSON.stringify({
  output: { message: { role: "assistant", content: [{ text: "Hello" }] } },
  stopReason: "end_turn",
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }
})

const run = async (
  name: string,
  model: Effect.Effect<Service, unknown, HttpClient.HttpClient>,
  call: (service: Service) => Effect.Effect<unknown, unknown>,
  response: ReplayHttpClient.Cassette
) => {
  let requests = 0
  const cassette: ReplayHttpClient.Cassette = { ...response, match: () => (requests++, true), reusable: true }
  const exit = await Effect.runPromiseExit(
    Effect.flatMap(model, call).pipe(Effect.provide(ReplayHttpClient.layer(cassette)))
  )
  const line = Exit.isSuccess(exit)
    ? { case: name, outcome: "success", requests }
    : Exit.findErrorOption(exit).pipe((found) =>
      found._tag === "Some" && Predicate.hasProperty(found.value, "_tag") && Predicate.hasProperty(found.value, "message")
        ? { case: name, outcome: "failure", tag: found.value._tag, message: found.value.message, requests }
        : { case: name, outcome: "defect", cause: String(exit.cause), requests }
    )
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

const generate = (service: Service) => service.generate({ prompt })
const stream = (service: Service) =>
  Effect.scoped(Effect.flatMap(service.stream({ prompt }), (response) => Stream.runDrain(response.stream)))
const converse = { status: 200, headers: { "content-type": "application/json" }, body: converseBody }
const eventStream = {
  status: 200,
  headers: { "content-type": "application/vnd.amazon.eventstream" },
  body: new Uint8Array([0, 0, 0, 16, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8])
}
const bearer = { region: "us-east-1", apiKey: "bedrock-key" }
const sigv4 = { region: "us-east-1", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" }
const modelId = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"

await run("converse generate, bearer key", AmazonBedrock.model(modelId, bearer), generate, converse)
await run("converse stream, bearer key", AmazonBedrock.model(modelId, bearer), stream, eventStream)
await run("converse generate, SigV4", AmazonBedrock.model(modelId, sigv4), generate, converse)
await run("anthropic generate, bearer key", AmazonBedrockAnthropic.model(modelId, bearer), generate, {
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude",
    content: [{ type: "text", text: "Hello" }],
    stop_reason: "end_turn",
    usage: { input_tokens: 1, output_tokens: 1 }
  })
})
await run("anthropic stream, bearer key", AmazonBedrockAnthropic.model(modelId, bearer), stream, eventStream)
