/**
 * Shared harness of the UI differential tests: one model script through upstream `streamText` +
 * `toUIMessageStream` + `createUIMessageStreamResponse`, and through aimux `streamText` +
 * `ToUIMessageStream.toUIMessageStream` + `UIMessageStreamResponse.toResponse` (made a web
 * `Response` with `HttpServerResponse.toWeb`). Generated ids (approval ids) are replaced by
 * `ID<n>` in order of appearance, in the chunks and, textually, in the SSE bodies.
 */
import {
  createUIMessageStreamResponse,
  isStepCount as upIsStepCount,
  jsonSchema,
  streamText as upstreamStreamText,
  tool,
  readUIMessageStream as upReadUIMessageStream,
  toUIMessageStream as upToUIMessageStream,
  type ToolSet,
  type UIMessage as UpUIMessage,
  type UIMessageChunk as UpChunk
} from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as ToUIMessageStream from "../../src/ui/ToUIMessageStream.ts"
import type * as UIMessage from "../../src/ui/UIMessage.ts"
import type { UIMessageChunk } from "../../src/ui/UIMessageChunk.ts"
import * as UIMessageStreamResponse from "../../src/ui/UIMessageStreamResponse.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

export type Script = ReadonlyArray<ReadonlyArray<StreamPart>>

/** The UI options both sides get (plain values; callbacks are built per side). */
export interface UIOptions {
  readonly sendReasoning?: boolean
  readonly sendSources?: boolean
  readonly sendStart?: boolean
  readonly sendFinish?: boolean
  /** An `onError` that renders `ERR:<message>` (also redacts tool errors, as upstream). */
  readonly customOnError?: boolean
  readonly redactToolErrors?: boolean
  /** `messageMetadata` returning `{ part: type }` for start/finish/finish-step. */
  readonly metadata?: boolean
  readonly originalMessages?: ReadonlyArray<UIMessage.UIMessage>
  readonly messageId?: string
  readonly keepAliveMs?: number
  readonly headers?: Record<string, string>
  readonly status?: number
}

export interface RunOptions {
  readonly steps?: number
  /** Abort (an AbortController) at the first text delta; the last step's model stream then hangs. */
  readonly abort?: "at-first-delta"
  readonly ui?: UIOptions
}

const approvalSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] } as const

export const upTools = (calls: Array<string>): ToolSet => ({
  ...upstreamTools(calls),
  remove: tool({
    inputSchema: jsonSchema(approvalSchema),
    needsApproval: true,
    execute: async () => {
      calls.push("remove")
      return "removed"
    }
  })
})

export const aimuxTools = (calls: Array<string>) => ({
  ...ourTools(calls),
  remove: Tool.make({
    inputSchema: Tool.jsonSchema(approvalSchema),
    needsApproval: true,
    execute: () => Effect.sync(() => {
      calls.push("remove")
      return "removed"
    })
  })
})

const errorText = (error: unknown) => `ERR:${error instanceof Error ? error.message : String(error)}`

const metadataOf = ({ part }: { part: { type: string } }) =>
  part.type === "start" || part.type === "finish" || part.type === "finish-step" ? { part: part.type } : undefined

export interface Side {
  readonly chunks: ReadonlyArray<unknown>
  readonly body: string
  readonly headers: Record<string, string>
  readonly status: number
  readonly calls: ReadonlyArray<string>
  readonly finish: unknown
}

export const runUpstream = async (script: Script, options: RunOptions = {}): Promise<Side> => {
  let call = 0
  const calls: Array<string> = []
  const hang = options.abort !== undefined
  const model = new MockLanguageModelV4({
    doStream: async () => {
      const parts = [...(script[call++] ?? [])]
      return {
        stream: (hang && call === script.length
          ? new ReadableStream({ start: (c) => parts.forEach((p) => c.enqueue(p)) })
          : convertArrayToReadableStream(parts)) as never
      }
    }
  })
  const tools = upTools(calls)
  const ui = options.ui ?? {}
  const controller = new AbortController()
  const result = upstreamStreamText({
    model,
    prompt: "hi",
    tools,
    onError: () => {},
    stopWhen: upIsStepCount(options.steps ?? 1),
    ...(hang
      ? {
        abortSignal: controller.signal,
        onChunk: ({ chunk }: { chunk: { type: string } }) => {
          if (chunk.type === "text-delta") controller.abort()
        }
      }
      : {})
  })
  let finish: unknown
  const uiStream = upToUIMessageStream({
    stream: result.stream,
    tools,
    ...(ui.sendReasoning !== undefined ? { sendReasoning: ui.sendReasoning } : {}),
    ...(ui.sendSources !== undefined ? { sendSources: ui.sendSources } : {}),
    ...(ui.sendStart !== undefined ? { sendStart: ui.sendStart } : {}),
    ...(ui.sendFinish !== undefined ? { sendFinish: ui.sendFinish } : {}),
    ...(ui.customOnError === true ? { onError: errorText } : {}),
    ...(ui.redactToolErrors !== undefined ? { redactToolErrors: ui.redactToolErrors } : {}),
    ...(ui.metadata === true ? { messageMetadata: metadataOf } : {}),
    ...(ui.originalMessages !== undefined ? { originalMessages: [...ui.originalMessages] as Array<UpUIMessage> } : {}),
    ...(ui.messageId !== undefined ? { generateMessageId: () => ui.messageId! } : {}),
    onEnd: (event) => {
      finish = event
    }
  })
  const [forChunks, forBody] = uiStream.tee()
  const response = createUIMessageStreamResponse({
    stream: forBody as ReadableStream<UpChunk>,
    ...(ui.keepAliveMs !== undefined ? { keepAliveMs: ui.keepAliveMs } : {}),
    ...(ui.headers !== undefined ? { headers: ui.headers } : {}),
    ...(ui.status !== undefined ? { status: ui.status } : {})
  })
  const chunks: Array<unknown> = []
  const [body] = await Promise.all([
    response.text(),
    (async () => {
      for await (const chunk of forChunks) chunks.push(chunk)
    })()
  ])
  return { chunks, body, headers: Object.fromEntries(response.headers), status: response.status, calls, finish }
}

export const runOurs = (script: Script, options: RunOptions = {}) =>
  Effect.gen(function*() {
    const calls: Array<string> = []
    const tools = aimuxTools(calls)
    const ui = options.ui ?? {}
    let finish: unknown
    const controller = new AbortController()
    const parts = StreamText.streamText({
      prompt: "hi",
      tools,
      onError: () => Effect.void,
      stopWhen: StopCondition.isStepCount(options.steps ?? 1),
      ...(options.abort !== undefined
        ? {
          abort: controller.signal,
          onChunk: ({ chunk }) => Effect.sync(() => chunk.type === "text-delta" && controller.abort())
        }
        : {})
    })
    const uiStream = ToUIMessageStream.toUIMessageStream({
      stream: parts,
      tools,
      sendReasoning: ui.sendReasoning,
      sendSources: ui.sendSources,
      sendStart: ui.sendStart,
      sendFinish: ui.sendFinish,
      onError: ui.customOnError === true ? errorText : undefined,
      redactToolErrors: ui.redactToolErrors,
      messageMetadata: ui.metadata === true ? metadataOf : undefined,
      originalMessages: ui.originalMessages,
      generateMessageId: ui.messageId !== undefined ? () => ui.messageId! : undefined,
      onEnd: (event) => Effect.sync(() => void (finish = event))
    })
    const chunks: Array<UIMessageChunk> = []
    const tapped = Stream.tap(uiStream, (chunk) => Effect.sync(() => void chunks.push(chunk)))
    const response = yield* UIMessageStreamResponse.toResponse(tapped, {
      keepAliveMs: ui.keepAliveMs,
      headers: ui.headers,
      status: ui.status
    })
    const context = yield* Effect.context<never>()
    const web = HttpServerResponse.toWeb(response, { context })
    const body = yield* Effect.promise(() => web.text())
    return { chunks, body, headers: Object.fromEntries(web.headers), status: web.status, calls, finish } satisfies Side
  }).pipe(Effect.provide(MockLanguageModel.layer({
    stream: script.map((parts, i) => ({
      stream: options.abort !== undefined && i === script.length - 1 ? Stream.concat(Stream.fromIterable(parts), Stream.never) : parts
    }))
  })))

/** Generated ids (approval ids) → `ID<n>`, in the chunks and the body, in order of appearance. */
export const normalizeSide = (side: Side) => {
  const ids = new Map<string, string>()
  for (const chunk of side.chunks) {
    if (typeof chunk === "object" && chunk !== null && "approvalId" in chunk && typeof chunk.approvalId === "string") {
      if (!ids.has(chunk.approvalId)) ids.set(chunk.approvalId, `ID${ids.size}`)
    }
  }
  let body = side.body
  let chunks = JSON.stringify(side.chunks)
  let finish = JSON.stringify(side.finish ?? null)
  for (const [id, replacement] of ids) {
    body = body.split(id).join(replacement)
    chunks = chunks.split(id).join(replacement)
    finish = finish.split(id).join(replacement)
  }
  return { chunks: JSON.parse(chunks), body, headers: side.headers, status: side.status, calls: side.calls, finish: JSON.parse(finish) }
}

/** The chunks of an SSE body (the `data:` events before `[DONE]`), as the client's parser reads them. */
export const chunksOfBody = (body: string): Array<UpChunk> =>
  body.split("\n\n").filter((event) => event.startsWith("data: ") && event !== "data: [DONE]").map((event) => JSON.parse(event.slice(6)))

/** Upstream `readUIMessageStream` on the chunks of an SSE body: every snapshot. */
export const upstreamSnapshots = async (body: string, message?: UIMessage.UIMessage): Promise<Array<unknown>> => {
  const snapshots: Array<unknown> = []
  const stream = new ReadableStream<UpChunk>({
    start: (controller) => {
      for (const chunk of chunksOfBody(body)) controller.enqueue(chunk)
      controller.close()
    }
  })
  for await (const snap of upReadUIMessageStream({
    stream,
    ...(message !== undefined ? { message: structuredClone(message) as UpUIMessage } : {}),
    onError: () => {}
  })) snapshots.push(snap)
  return snapshots
}
