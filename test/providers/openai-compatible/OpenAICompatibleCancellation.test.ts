/**
 * Cancellation (spec §6, behaviour 38): interrupting the consumer aborts the
 * HTTP body; no `tool-call` for the open call and no `finish`; the parts
 * already emitted equal upstream's before its abort.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import { it } from "vitest"
import { OpenAICompatible } from "../../../src/providers/openai-compatible/index.ts"
import { checkCancellation } from "./cancellation.ts"

const body = "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n" +
  "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"t1\",\"function\":{\"name\":\"get\",\"arguments\":\"{\\\"x\\\"\"}}]}}]}\n\n"

it("openai-compatible: interrupting the consumer cancels the body, no tool-call, no finish", async () => {
  const settings = { baseURL: "https://compat.test/v1", name: "openai-compatible" }
  await checkCancellation(
    (fetch) => createOpenAICompatible({ ...settings, fetch }).chatModel("test-model"),
    OpenAICompatible.layer("test-model", settings),
    body
  )
})
