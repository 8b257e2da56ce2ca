/**
 * Cancellation (spec §6, behaviour 38) for Groq.
 */
import { createGroq } from "@ai-sdk/groq"
import { it } from "vitest"
import { Groq } from "../../../src/providers/groq/index.ts"
import { checkCancellation } from "../openai-compatible/cancellation.ts"

const body = "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n" +
  "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"t1\",\"type\":\"function\",\"function\":{\"name\":\"get\",\"arguments\":\"{\\\"x\\\"\"}}]}}]}\n\n"

it("groq: interrupting the consumer cancels the body, no tool-call, no finish", async () => {
  await checkCancellation(
    (fetch) => createGroq({ apiKey: "k", fetch })("llama-3.3-70b-versatile"),
    Groq.layer("llama-3.3-70b-versatile", { apiKey: "k" }),
    body
  )
})
