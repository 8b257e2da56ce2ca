/**
 * Azure generate, differential against the pinned `@ai-sdk/azure` 4.0.85: the OpenAI Responses
 * JSON corpus through `azure.responses`, crafted chat bodies and the chat recordings through
 * `azure.chat`, and HTTP error statuses for both models, generate and stream (URL, headers, body
 * text, result or failure with every field).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { guardCorpus, listRecordings, recordingsDir } from "../_kit/Corpus.ts"
import { type Api, expectSameGenerate, expectSameStream } from "./harness.ts"

const generateDir = path.resolve(import.meta.dirname, "../../../fixtures/openai-responses/generate")
// refusal.json: the pin's 4.0.81 response schema has no refusal part (divergences.test.ts)
const responsesBodies = fs.readdirSync(generateDir).filter((f) => f.endsWith(".json") && f !== "refusal.json").sort()
  .map((f): [string, string] => [f, fs.readFileSync(path.join(generateDir, f), "utf8")])
  .concat(listRecordings("openai-responses", ".json").map((f): [string, string] => [
    `recording ${f}`,
    fs.readFileSync(path.join(recordingsDir("openai-responses"), f), "utf8")
  ]))

const chat = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "chatcmpl-9",
    object: "chat.completion",
    created: 1711115037,
    model: "gpt-4o-mini",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop", ...extra }],
    usage: { prompt_tokens: 4, completion_tokens: 30, total_tokens: 34 }
  })

const chatBodies: Array<[string, string]> = [
  ["text", chat({ content: "Hello" })],
  ["audio transcript", chat({ content: null, audio: { transcript: "spoken" } })],
  ["tool calls", chat({
    content: null,
    tool_calls: [{ id: "call_1", type: "function", function: { name: "a", arguments: "{\"x\":1}" } }]
  }, { finish_reason: "tool_calls" })],
  ["annotations", chat({
    content: "See",
    annotations: [{ type: "url_citation", url_citation: { start_index: 0, end_index: 3, url: "https://e.com", title: "E" } }]
  })],
  ["logprobs", chat({ content: "Hi" }, { logprobs: { content: [{ token: "Hi", logprob: -0.1, top_logprobs: [] }], refusal: null } })],
  ["empty logprobs", chat({ content: "Hi" }, { logprobs: { content: [] } })],
  ["azure content filter results", chat({ content: "ok" }, {
    content_filter_results: { hate: { filtered: false, severity: "safe" } }
  })],
  ["usage details", JSON.stringify({
    id: "x",
    created: 1,
    model: "m",
    choices: [{ index: 0, message: { content: "ok" }, finish_reason: "length" }],
    usage: {
      prompt_tokens: 10,
      completion_tokens: 5,
      prompt_tokens_details: { cached_tokens: 2 },
      completion_tokens_details: { reasoning_tokens: 1, accepted_prediction_tokens: 3, rejected_prediction_tokens: 4 }
    }
  })],
  ["created 0 (Azure's placeholder)", JSON.stringify({ id: "x", created: 0, model: "m", choices: [{ index: 0, message: { content: "ok" }, finish_reason: "stop" }] })],
  ["no usage, no metadata", JSON.stringify({ choices: [{ index: 0, message: { content: "ok" }, finish_reason: null }] })],
  ["no choices", JSON.stringify({ id: "x", choices: [] })],
  ["invalid json", "{not json"],
  ["schema mismatch", JSON.stringify({ choices: "nope" })],
  ...listRecordings("openai-chat", /^(?!.*error).*\.json$/).map((f): [string, string] => [
    `recording ${f}`,
    fs.readFileSync(path.join(recordingsDir("openai-chat"), f), "utf8")
  ])
]

describe("azure.responses generate (differential)", () => {
  guardCorpus({ label: "openai-responses JSON recordings", provider: "openai-responses", count: listRecordings("openai-responses", ".json").length, minimum: 1 })
  it("has the corpus", () => expect(responsesBodies.length).toBeGreaterThanOrEqual(15))
  for (const [name, body] of responsesBodies) {
    it(name, async () => {
      await expectSameGenerate(body, { api: "responses" })
    })
  }
})

describe("azure.chat generate (differential)", () => {
  guardCorpus({ label: "openai-chat JSON recordings", provider: "openai-chat", count: listRecordings("openai-chat", /^(?!.*error).*\.json$/).length, minimum: 1 })
  for (const [name, body] of chatBodies) {
    it(name, async () => {
      await expectSameGenerate(body, { api: "chat" })
    })
  }
})

const errorBodies: Array<[string, string, number]> = [
  ["400 Azure error", JSON.stringify({ error: { message: "The API deployment for this resource does not exist.", type: "invalid_request_error", code: "DeploymentNotFound" } }), 404],
  ["400 content filter", JSON.stringify({ error: { message: "The response was filtered", type: null, param: "prompt", code: "content_filter", status: 400 } }), 400],
  ["401 key", JSON.stringify({ error: { code: "401", message: "Access denied due to invalid subscription key or wrong API endpoint." } }), 401],
  ["429 rate limit", JSON.stringify({ error: { code: "429", message: "Requests to the Responses_Create Operation have exceeded the rate limit." } }), 429],
  ["500 empty body", "", 500],
  ["503 non-json body", "upstream unavailable", 503]
]

for (const api of ["responses", "chat"] as const satisfies ReadonlyArray<Api>) {
  describe(`azure.${api} HTTP error statuses (differential, generate and stream)`, () => {
    for (const [name, body, status] of errorBodies) {
      it(`generate: ${name}`, async () => {
        const ours = await expectSameGenerate(body, { api, status })
        expect(ours.failure).toBeDefined()
      })
      it(`stream: ${name}`, async () => {
        const ours = await expectSameStream(body, { api, status, contentType: "application/json" })
        expect(ours.failure).toBeDefined()
      })
    }
  })
}
