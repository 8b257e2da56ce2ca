/**
 * The OpenAI Responses model (`@ai-sdk/openai` 4.0.118
 * `OpenAIResponsesLanguageModel`) as a `LanguageModel` service: `generate`
 * and `stream` with upstream's request bodies, output mapping, stream
 * transform and "error before any output" rule.
 *
 * @since 0.1.0
 */
import { Effect, Option, Schema, Stream } from "effect"
import { HttpClient } from "effect/http"
import * as LanguageModel from "../../../../LanguageModel.ts"
import * as EarlyError from "../../../../provider-utils/EarlyError.ts"
import * as Http from "../../../../provider-utils/Http.ts"
import * as OpenAIFamilyErrorData from "../ErrorData.ts"
import * as RequestHeaders from "../../../../provider-utils/RequestHeaders.ts"
import * as StreamTransform from "../../../../provider-utils/StreamTransform.ts"
import { IdGenerator, makeRandom } from "../../../../runtime/IdGenerator.ts"
import type { ParseResult } from "../../../../runtime/ParseJson.ts"
import type { CallOptions, FunctionTool } from "../../../../contract/CallOptions.ts"
import { APICallError } from "../../../../contract/errors/APICallError.ts"
import type { ModelError } from "../../../../contract/errors/ModelError.ts"
import type { Prompt } from "../../../../contract/Prompt.ts"
import type { GenerateResult } from "../../../../contract/Results.ts"
import type { StreamPart } from "../../../../contract/StreamPart.ts"
import { decodeChunk } from "./internal/DecodeChunk.ts"
import { mapOutput } from "./internal/GenerateContent.ts"
import { convertUsage } from "./internal/Usage.ts"
import { prepareRequest } from "./internal/RequestArgs.ts"
import { earlyErrorFrame, isOutputChunk, makeTransducer } from "./internal/StreamTransducer.ts"
import { createOpenAIStreamError } from "../internal/StreamError.ts"
import { OpenAIErrorData } from "../OpenAIChatApi.ts"
import { type Chunk, Response } from "./OpenAIResponsesApi.ts"
import * as VersionSkew from "../VersionSkew.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

/**
 * What a Responses model needs besides the `HttpClient` (upstream's `OpenAIConfig`).
 *
 * @since 0.1.0
 */

const printBody = (rawValue: unknown): string => {
  if (typeof rawValue === "string") return rawValue
  try {
    return WireJson.render(rawValue)
  } catch {
    return "[value nested too deeply to print]"
  }
}

/**
 * What the Responses model is built from: provider name, model id, endpoint, headers and fetch.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** The provider name reported by the model, e.g. `openai.responses`. */
  readonly provider: string
  readonly modelId: string
  /** The model id sent to the API, when it differs from `modelId`. */
  readonly requestModelId?: string | undefined
  /** The Responses URL (`<baseURL>/responses`). */
  readonly url: string
  /** Headers of every request (values may be `Redacted`); call headers are merged over them. */
  readonly headers: RequestHeaders.Input
  /** Prefixes that mark a file part's string data as a file id (upstream `['file-']`). */
  readonly fileIdPrefixes?: ReadonlyArray<string> | undefined
  /** Whether input messages carry `type: "message"` (Azure). */
  readonly explicitMessageItemType?: boolean | undefined
  /** Whether `web_search_call.action.sources` is included automatically (default true). */
  readonly supportsWebSearchSourcesInclude?: boolean | undefined
  /** Generated ids (sources, MCP approval tool calls); upstream `generateId` when absent. */
  readonly generateId?: (() => string) | undefined
  /** The `@ai-sdk/openai` version's behaviours (default 4.0.118's; Azure: 4.0.81's). */
  readonly skew?: VersionSkew.VersionSkew | undefined
}

/**
 * URLs the model accepts directly: images and PDFs over http(s).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = {
  "image/*": [/^https?:\/\/.*$/],
  "application/pdf": [/^https?:\/\/.*$/]
}

// MCP approvals: the approval request id → our tool call id, from earlier assistant turns.
const approvalMapping = (prompt: Prompt): Record<string, string> => {
  const mapping: Record<string, string> = {}
  for (const message of prompt) {
    if (message.role !== "assistant") continue
    for (const part of message.content) {
      if (part.type !== "tool-call") continue
      const approvalRequestId = part.providerOptions?.["openai"]?.["approvalRequestId"]
      if (typeof approvalRequestId === "string") mapping[approvalRequestId] = part.toolCallId
    }
  }
  return mapping
}

const functionToolsOf = (options: CallOptions): ReadonlyArray<FunctionTool> =>
  options.tools?.filter((tool): tool is FunctionTool => tool.type === "function") ?? []

const decodeUnknown = Schema.Unknown

/**
 * Builds the model service on a given `HttpClient` (no environment needed).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const headersFor = (options: CallOptions) => RequestHeaders.combineHeaders(config.headers, options.headers)
  const failedResponseHandler = OpenAIFamilyErrorData.failedResponseHandler(OpenAIErrorData)
  const jsonResponseHandler = Http.jsonResponseHandler(Response)
  const eventSourceResponseHandler = Http.eventSourceResponseHandler(decodeUnknown)
  const url = config.url

  const generate = Effect.fn("OpenAIResponses.generate")(function*(options: CallOptions) {
    const prepared = yield* prepareRequest(config, options)
    const body = prepared.args
    const { responseHeaders, value: response, rawValue } = yield* Effect.provideService(
      Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body,
        failedResponseHandler,
        successfulResponseHandler: jsonResponseHandler
      }),
      HttpClient.HttpClient,
      client
    )
    // a body nested too deep to print must not become a defect (JSON.stringify's RangeError)
    const responseBody = printBody(rawValue)
    if (response.error) {
      return yield* new APICallError({
        message: response.error.message,
        url,
        requestBodyValues: body,
        statusCode: 400,
        responseHeaders,
        responseBody,
        isRetryable: false
      })
    }
    if (response.output == null) {
      const detail = response.incomplete_details?.reason
      return yield* new APICallError({
        message: detail ? `Responses API returned no output (${detail})` : "Responses API returned no output",
        url,
        requestBodyValues: body,
        statusCode: 500,
        responseHeaders,
        responseBody,
        isRetryable: false
      })
    }
    const name = prepared.providerOptionsName
    const mapped = mapOutput(response, response.output, {
      toolNameMapping: prepared.toolNameMapping,
      webSearchToolName: prepared.webSearchToolName,
      providerOptionsName: name,
      isShellProviderExecuted: prepared.isShellProviderExecuted,
      functionTools: functionToolsOf(options),
      approvalFromPrompt: approvalMapping(options.prompt),
      logprobs: Boolean(options.providerOptions?.[name]?.["logprobs"]),
      jsonResponse: options.responseFormat?.type === "json",
      generateId,
      skew: config.skew
    })
    const result: GenerateResult = {
      content: mapped.content,
      ...(mapped.structuredOutputText !== undefined && { structuredOutputText: mapped.structuredOutputText }),
      finishReason: mapped.finishReason,
      usage: convertUsage(response.usage),
      request: { body },
      response: {
        id: response.id,
        timestamp: new Date((response.created_at ?? Number.NaN) * 1000),
        modelId: response.model,
        headers: responseHeaders,
        body: rawValue
      },
      providerMetadata: mapped.providerMetadata,
      warnings: prepared.warnings
    }
    return result
  })

  const stream = Effect.fn("OpenAIResponses.stream")(function*(options: CallOptions) {
    const prepared = yield* prepareRequest(config, options)
    const args = prepared.args
    const body = { ...args, stream: true }
    const { responseHeaders, value: events } = yield* Effect.provideService(
      Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body,
        failedResponseHandler,
        successfulResponseHandler: eventSourceResponseHandler
      }),
      HttpClient.HttpClient,
      client
    )
    const decoded = StreamTransform.transform(
      events,
      (): StreamTransform.Transformer<ParseResult<unknown>, ParseResult<Chunk>, never> => ({
        onChunk: (chunk, out) => {
          for (let i = 0; i < chunk.length; i++) {
            const item = chunk[i]
            out.push(item.success ? decodeChunk(item.value) : item)
          }
          return undefined
        }
      })
    )
    const checked = yield* EarlyError.peek(decoded, {
      failure: (chunk) => {
        if (!chunk.success) return undefined
        const frame = earlyErrorFrame(chunk.value)
        // The upstream request body values are the body without `stream`.
        return frame === undefined
          ? undefined
          : createOpenAIStreamError({ frame, url, requestBodyValues: args, responseHeaders })
      },
      isOutput: (chunk) => !chunk.success || isOutputChunk(chunk.value)
    })
    const name = prepared.providerOptionsName
    const transducer = makeTransducer({
      warnings: prepared.warnings,
      toolNameMapping: prepared.toolNameMapping,
      webSearchToolName: prepared.webSearchToolName,
      providerOptionsName: name,
      store: prepared.store,
      isShellProviderExecuted: prepared.isShellProviderExecuted,
      functionTools: functionToolsOf(options),
      approvalFromPrompt: approvalMapping(options.prompt),
      includeRawChunks: options.includeRawChunks === true,
      logprobs: Boolean(options.providerOptions?.[name]?.["logprobs"]),
      generateId,
      skew: config.skew ?? VersionSkew.v4_0_118
    }, { url, requestBodyValues: args, responseHeaders })
    // The finalizer covers the whole stream: a consumer that stops right after
    // `stream-start` must still close the body peeked above.
    const parts: Stream.Stream<StreamPart, ModelError> = Stream.concat(
      Stream.succeed<StreamPart>(transducer.start()),
      StreamTransform.transform(
        checked.stream,
        (): StreamTransform.Transformer<ParseResult<Chunk>, StreamPart, never> => ({
          onChunk: (chunk, out) => {
            for (let i = 0; i < chunk.length; i++) transducer.push(chunk[i], out)
            return undefined
          },
          onEnd: (out) => {
            transducer.flush(out)
            return undefined
          }
        })
      )
    ).pipe(Stream.ensuring(checked.close))
    return { stream: parts, request: { body: args }, response: { headers: responseHeaders } }
  })

  return LanguageModel.make({ provider: config.provider, modelId: config.modelId, supportedUrls, generate, stream })
}

/**
 * Builds the model service with the `HttpClient` of the environment; the
 * `IdGenerator` service, when present, supplies generated ids.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const ids = yield* Effect.serviceOption(IdGenerator)
    return makeWith(client, {
      ...config,
      generateId: config.generateId ?? Option.getOrUndefined(Option.map(ids, (service) => service.generate))
    })
  })
