/**
 * The sketch of docs/streaming.md ("How a provider composes them"), compiled: the provider's own
 * pieces (settings, wire Schemas, URL, body, finish part) are declared first, the rest is the
 * real provider-utils API.
 */
import type { Schema } from "effect"
import { Errors } from "aimux"
import type { CallOptions as CallOptionsNs, StreamPart as StreamPartNs } from "aimux"
type CallOptions = CallOptionsNs.CallOptions
type StreamPart = StreamPartNs.StreamPart
const { InvalidResponseDataError } = Errors

declare const settings: { readonly apiKey?: string | undefined }
declare const VERSION: string
declare const url: string
declare const body: Record<string, unknown>
declare const finishPart: StreamPart
declare const ErrorSchema: Schema.Codec<{ readonly error: { readonly message: string } }>
declare const ChunkSchema: Schema.Codec<{
  readonly choices: ReadonlyArray<{ readonly delta: { readonly tool_calls?: ReadonlyArray<StreamingToolCallTracker.Delta> | undefined } }>
}>

import { Effect, Redacted, Stream } from "effect"
import { ApiKey, Http, IdGenerator, RequestHeaders, StreamingToolCallTracker, StreamTransform } from "aimux/provider-utils"

const doStream = Effect.fnUntraced(function*(options: CallOptions) {
  const apiKey = yield* ApiKey.loadApiKey({ apiKey: settings.apiKey, environmentVariableName: "OPENAI_API_KEY", description: "OpenAI" })
  const ids = yield* IdGenerator.IdGenerator
  const headers = RequestHeaders.withUserAgentSuffix(
    RequestHeaders.combineHeaders({ Authorization: Redacted.make(`Bearer ${Redacted.value(apiKey)}`) }, options.headers),
    `ai-sdk/openai/${VERSION}`
  )
  // 1. HTTP: APICallError for status / transport failures, exactly as upstream.
  const { responseHeaders, value: results } = yield* Http.postJsonToApi({
    url, headers, body,
    failedResponseHandler: Http.jsonErrorResponseHandler({ errorSchema: ErrorSchema, errorToMessage: (e) => e.error.message }),
    // 2+3. bytes → SSE → secure JSON + one Schema decode per event, fused per network chunk
    successfulResponseHandler: Http.eventSourceResponseHandler(ChunkSchema)
  })
  // 4. the provider's transform, with the tracker inside it
  const stream = results.pipe(StreamTransform.transform(() => {
    const tracker = StreamingToolCallTracker.make({ generateId: ids.generate, typeValidation: "if-present" })
    const trackerOut: Array<StreamingToolCallTracker.Part> = []
    return {
      onChunk: (chunk, out: Array<StreamPart>) => {
        for (const result of chunk) {
          if (!result.success) { out.push({ type: "error", error: result.error }); continue }
          for (const delta of result.value.choices[0]?.delta.tool_calls ?? []) {
            const r = tracker.processDelta(delta, trackerOut)
            out.push(...trackerOut.splice(0))
            if (r instanceof InvalidResponseDataError) return r // the stream fails, as upstream's throw
          }
        }
        return undefined
      },
      onEnd: (out: Array<StreamPart>) => { out.push(...tracker.flush(), finishPart); return undefined }
    }
  }))
  return { response: { headers: responseHeaders }, stream }
})

export { doStream }
