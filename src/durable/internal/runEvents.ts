/**
 * What a durable run appends to its {@link RunStore}: full-stream parts of each step (`start-step`,
 * text/reasoning as start/delta/end, the step's tool calls, results, errors and approval requests,
 * `finish-step`), the step's response messages, the approval responses and the final `finish`.
 *
 * Keys are deterministic (the run's generate call, the step, the index), so a replayed body writes
 * the same keys and the store keeps the first write. Message keys sort in conversation order.
 *
 * @internal
 */
import type { StepResult } from "../../core/StreamText.ts"
import { toJsonValue } from "../../contract/Json.ts"
import type { NewEvent } from "../RunStore.ts"

const pad = (n: number): string => String(n).padStart(5, "0")

/** The sortable key of a message: generate call, phase (a: approvals, b: resumed, c: steps), step, index. */
export const messageKey = (call: number, phase: "a" | "b" | "c", step: number, index: number): string =>
  `message/${pad(call)}/${phase}/${pad(step)}/${pad(index)}`

/** The events of one finished step of generate call `call` (`global` counts steps across calls). */
export const stepEvents = (call: number, global: number, step: StepResult): ReadonlyArray<NewEvent> => {
  const prefix = `part/step-${pad(global)}`
  const parts: Array<unknown> = [{ type: "start-step", stepNumber: global, warnings: step.warnings }]
  step.content.forEach((part, i) => {
    const id = `${global}-${i}`
    switch (part.type) {
      case "text":
        parts.push(
          { type: "text-start", id, providerMetadata: part.providerMetadata },
          { type: "text-delta", id, text: part.text },
          { type: "text-end", id }
        )
        break
      case "reasoning":
        parts.push(
          { type: "reasoning-start", id, providerMetadata: part.providerMetadata },
          { type: "reasoning-delta", id, text: part.text },
          { type: "reasoning-end", id }
        )
        break
      default:
        parts.push(part)
    }
  })
  parts.push({
    type: "finish-step",
    finishReason: step.finishReason,
    rawFinishReason: step.rawFinishReason,
    usage: step.usage,
    providerMetadata: step.providerMetadata,
    response: { id: step.response.id, timestamp: step.response.timestamp, modelId: step.response.modelId }
  })
  return [
    ...parts.map((part, i): NewEvent => ({ key: `${prefix}/${pad(i)}`, kind: "part", data: toJsonValue(part) })),
    ...step.response.messages.map((message, i): NewEvent => ({
      key: messageKey(call, "c", step.stepNumber, i),
      kind: "message",
      data: toJsonValue(message)
    }))
  ]
}
