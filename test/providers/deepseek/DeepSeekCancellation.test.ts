/**
 * Cancellation (spec §6, behaviour 38) for DeepSeek.
 */
import { createDeepSeek } from "@ai-sdk/deepseek"
import { it } from "vitest"
import { DeepSeek } from "../../../src/providers/deepseek/index.ts"
import { checkCancellation } from "../openai-compatible/cancellation.ts"

const body = "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n" +
  "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"t1\",\"type\":\"function\",\"function\":{\"name\":\"get\",\"arguments\":\"{\\\"x\\\"\"}}]}}]}\n\n"

it("deepseek: interrupting the consumer cancels the body, no tool-call, no finish", async () => {
  await checkCancellation(
    (fetch) => createDeepSeek({ apiKey: "k", fetch })("deepseek-chat"),
    DeepSeek.layer("deepseek-chat", { apiKey: "k" }),
    body
  )
})
