/**
 * Azure's upstream version skew and deliberate differences (docs/divergences.md, "Azure OpenAI"),
 * each asserted on both sides: the pin's 4.0.81 behaviours aimux ports (a stream without a finish
 * event ends `other`, where aimux's OpenAI provider, on 4.0.118, ends `interrupted`), and the ones
 * it does not (the nested provider-utils 5.0.51 tool-call tracker, a refusal part 4.0.81's schema
 * rejects).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { runOursGenerate, runOursStream, runUpstreamGenerate, runUpstreamStream } from "./harness.ts"

const fixtures = path.resolve(import.meta.dirname, "../../../fixtures")
const read = (file: string) => fs.readFileSync(path.join(fixtures, file), "utf8")
const finishOf = (parts: ReadonlyArray<unknown> | undefined) => {
  const finish: unknown = parts?.find((p) => typeof p === "object" && p !== null && Reflect.get(p, "type") === "finish")
  return typeof finish === "object" && finish !== null ? Reflect.get(finish, "finishReason") : undefined
}

describe("Azure: upstream version skew (4.0.81 behaviours, ported)", () => {
  const noFinish = {
    responses: "data: {\"type\":\"response.created\",\"response\":{\"id\":\"r\",\"created_at\":1,\"model\":\"m\"}}\n\n",
    chat: read("openai-chat/eof-no-finish.sse")
  }
  for (const api of ["responses", "chat"] as const) {
    it(`${api}: a stream ending without a finish event ends 'other' on both sides (OpenAI's 4.0.118: 'interrupted')`, async () => {
      const upstream = await runUpstreamStream(noFinish[api], { api })
      const ours = await runOursStream(noFinish[api], { api })
      expect(finishOf(upstream.parts)).toStrictEqual({ unified: "other" })
      expect(finishOf(ours.parts)).toStrictEqual({ unified: "other" })
    })
  }

  it("chat: the stream result's request is the body alone (4.0.118 adds the url)", async () => {
    const upstream = await runUpstreamStream(read("openai-chat/text.sse"), { api: "chat" })
    const ours = await runOursStream(read("openai-chat/text.sse"), { api: "chat" })
    expect(Object.keys(Object(upstream.request))).toStrictEqual(["body"])
    expect(ours.request).toStrictEqual(upstream.request)
  })

  it("the user agent names the pin's nested provider-utils 5.0.51, on both sides (aimux's other providers: 5.0.81)", async () => {
    const upstream = await runUpstreamStream(read("openai-chat/text.sse"), { api: "chat" })
    const ours = await runOursStream(read("openai-chat/text.sse"), { api: "chat" })
    expect(upstream.headers?.["user-agent"]?.startsWith("ai-sdk-azure/4.0.85 ai-sdk-provider-utils/5.0.51 ")).toBe(true)
    expect(ours.headers?.["user-agent"]).toBe(upstream.headers?.["user-agent"])
  })
})

describe("Azure: deliberate differences", () => {
  it("a reused tool-call index: the pin's 5.0.51 tracker concatenates both calls' arguments, aimux's fixed tracker starts a second call", async () => {
    const body = read("openai-chat/tool-call-reused-index.sse")
    const calls = (parts: ReadonlyArray<unknown> | undefined) =>
      (parts ?? []).filter((p) => typeof p === "object" && p !== null && Reflect.get(p, "type") === "tool-call")
        .map((p) => Reflect.get(Object(p), "input"))
    const upstream = await runUpstreamStream(body, { api: "chat" })
    const ours = await runOursStream(body, { api: "chat" })
    expect(calls(upstream.parts)).toStrictEqual(["{\"x\":1}{\"x\":2}"])
    expect(calls(ours.parts)).toStrictEqual(["{\"x\":1}", "{\"x\":2}"])
  })

  it("a Responses refusal part: 4.0.81's schema rejects the response, aimux returns it as text ending content-filter", async () => {
    const body = read("openai-responses/generate/refusal.json")
    const upstream = await runUpstreamGenerate(body, { api: "responses" })
    const ours = await runOursGenerate(body, { api: "responses" })
    expect(Reflect.get(Object(upstream.failure), "name")).toBe("AI_APICallError")
    expect(Reflect.get(Object(Reflect.get(Object(upstream.failure), "cause")), "name")).toBe("AI_TypeValidationError")
    const result = Object(ours.result)
    expect(Reflect.get(result, "content")).toStrictEqual([{ type: "text", text: "No.", providerMetadata: { azure: { itemId: "msg_1" } } }])
    expect(Reflect.get(result, "finishReason")).toStrictEqual({ unified: "content-filter" })
  })

})
