/**
 * aimux values → upstream `LanguageModelV4*` values.
 *
 * The aimux Schemas describe the same wire values as upstream's types, but their TypeScript types
 * are deeper-readonly (`ReadonlyArray`) and allow a present `undefined` on optional keys, which
 * upstream's types (under `exactOptionalPropertyTypes`) do not. These functions rebuild the values
 * with mutable arrays and without `undefined` optional keys, so the result is an upstream value by
 * construction (no casts); `keepUndefinedKeys.ts` then restores the explicit `undefined` keys of
 * the aimux value, as upstream providers return them. The other direction needs no conversion: upstream values are
 * assignable to the aimux types as they are.
 *
 * Objects without arrays are shallow-copied; JSON payloads (`providerMetadata`, `input`, `result`,
 * `rawValue`, ...) are passed by reference, as upstream providers pass them.
 *
 * @internal
 */
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Citation,
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Message,
  LanguageModelV4ProviderTool,
  LanguageModelV4Source,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4ToolResultPart,
  LanguageModelV4Usage,
  SharedV4FileData,
  SharedV4Warning
} from "@ai-sdk/provider"
import type { SupportedUrls } from "../../LanguageModel.ts"
import type { CallOptions, CallTool } from "../../contract/CallOptions.ts"
import type { Citation, Content, Source } from "../../contract/Content.ts"
import type { FileData } from "../../contract/FileData.ts"
import type { Message, ToolResultOutput, ToolResultPart } from "../../contract/Prompt.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import type { Usage } from "../../contract/Usage.ts"
import type { Warning } from "../../contract/Warning.ts"
import { toUpstreamError } from "./toUpstreamError.ts"

/**
 * `{ [key]: value }` when `value` is defined, `{}` otherwise: spread into an object literal to
 * write an optional key the way upstream's exact optional types want it.
 *
 * @internal
 */
export const opt = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } => {
  const out: { [P in K]?: V } = {}
  if (value !== undefined) out[key] = value
  return out
}

const fileData = (data: FileData): SharedV4FileData => {
  switch (data.type) {
    case "data":
      return { type: "data", data: data.data }
    case "url":
      return { type: "url", url: data.url, ...opt("originalUrl", data.originalUrl) }
    case "reference":
      return { type: "reference", reference: data.reference }
    case "text":
      return { type: "text", text: data.text }
  }
}

const toolResultOutput = (output: ToolResultOutput): LanguageModelV4ToolResultOutput => {
  switch (output.type) {
    case "text":
    case "error-text":
      return { type: output.type, value: output.value, ...opt("providerOptions", output.providerOptions) }
    case "json":
    case "error-json":
      return { type: output.type, value: output.value, ...opt("providerOptions", output.providerOptions) }
    case "execution-denied":
      return {
        type: "execution-denied",
        ...opt("reason", output.reason),
        ...opt("providerOptions", output.providerOptions)
      }
    case "content":
      return {
        type: "content",
        value: output.value.map((item) => {
          switch (item.type) {
            case "text":
              return { type: "text", text: item.text, ...opt("providerOptions", item.providerOptions) }
            case "file":
              return {
                type: "file",
                data: fileData(item.data),
                mediaType: item.mediaType,
                ...opt("filename", item.filename),
                ...opt("providerOptions", item.providerOptions)
              }
            case "custom":
              return { type: "custom", ...opt("providerOptions", item.providerOptions) }
          }
        })
      }
  }
}

const toolResultPart = (part: ToolResultPart): LanguageModelV4ToolResultPart => ({
  type: "tool-result",
  toolCallId: part.toolCallId,
  toolName: part.toolName,
  output: toolResultOutput(part.output),
  ...opt("providerOptions", part.providerOptions)
})

const message = (m: Message): LanguageModelV4Message => {
  const providerOptions = opt("providerOptions", m.providerOptions)
  switch (m.role) {
    case "system":
      return { role: "system", content: m.content, ...providerOptions }
    case "user":
      return {
        role: "user",
        content: m.content.map((part) =>
          part.type === "text"
            ? { type: "text", text: part.text, ...opt("providerOptions", part.providerOptions) }
            : {
              type: "file",
              data: fileData(part.data),
              mediaType: part.mediaType,
              ...opt("filename", part.filename),
              ...opt("providerOptions", part.providerOptions)
            }
        ),
        ...providerOptions
      }
    case "assistant":
      return {
        role: "assistant",
        content: m.content.map((part) => {
          const partOptions = opt("providerOptions", part.providerOptions)
          switch (part.type) {
            case "text":
            case "reasoning":
              return { type: part.type, text: part.text, ...partOptions }
            case "file":
              return {
                type: "file",
                data: fileData(part.data),
                mediaType: part.mediaType,
                ...opt("filename", part.filename),
                ...partOptions
              }
            case "custom":
              return { type: "custom", kind: part.kind, ...partOptions }
            case "reasoning-file":
              return {
                type: "reasoning-file",
                data: part.data.type === "data"
                  ? { type: "data", data: part.data.data }
                  : { type: "url", url: part.data.url, ...opt("originalUrl", part.data.originalUrl) },
                mediaType: part.mediaType,
                ...partOptions
              }
            case "tool-call":
              return {
                type: "tool-call",
                toolCallId: part.toolCallId,
                toolName: part.toolName,
                input: part.input,
                ...opt("providerExecuted", part.providerExecuted),
                ...partOptions
              }
            case "tool-result":
              return toolResultPart(part)
          }
        }),
        ...providerOptions
      }
    case "tool":
      return {
        role: "tool",
        content: m.content.map((part) =>
          part.type === "tool-result" ? toolResultPart(part) : {
            type: "tool-approval-response",
            approvalId: part.approvalId,
            approved: part.approved,
            ...opt("reason", part.reason),
            ...opt("providerOptions", part.providerOptions)
          }
        ),
        ...providerOptions
      }
  }
}

const tool = (t: CallTool): LanguageModelV4FunctionTool | LanguageModelV4ProviderTool =>
  t.type === "function"
    ? {
      type: "function",
      name: t.name,
      inputSchema: t.inputSchema,
      ...opt("description", t.description),
      ...opt("inputExamples", t.inputExamples?.map((example) => ({ input: example.input }))),
      ...opt("strict", t.strict),
      ...opt("providerOptions", t.providerOptions)
    }
    : { type: "provider", id: t.id, name: t.name, args: t.args }

/**
 * aimux call options → upstream call options, with the given abort signal.
 *
 * @internal
 */
export const callOptions = (o: CallOptions, abortSignal: AbortSignal): LanguageModelV4CallOptions => ({
  prompt: o.prompt.map(message),
  ...opt("maxOutputTokens", o.maxOutputTokens),
  ...opt("temperature", o.temperature),
  ...opt("stopSequences", o.stopSequences?.slice()),
  ...opt("topP", o.topP),
  ...opt("topK", o.topK),
  ...opt("presencePenalty", o.presencePenalty),
  ...opt("frequencyPenalty", o.frequencyPenalty),
  ...opt(
    "responseFormat",
    o.responseFormat === undefined || o.responseFormat.type === "text" ? o.responseFormat : {
      type: "json",
      ...opt("schema", o.responseFormat.schema),
      ...opt("name", o.responseFormat.name),
      ...opt("description", o.responseFormat.description)
    }
  ),
  ...opt("seed", o.seed),
  ...opt("tools", o.tools?.map(tool)),
  ...opt("toolChoice", o.toolChoice),
  ...opt("includeRawChunks", o.includeRawChunks),
  abortSignal,
  ...opt("headers", o.headers),
  ...opt("reasoning", o.reasoning),
  ...opt("providerOptions", o.providerOptions)
})

const source = (s: Source): LanguageModelV4Source =>
  s.sourceType === "url"
    ? {
      type: "source",
      sourceType: "url",
      id: s.id,
      url: s.url,
      ...opt("title", s.title),
      ...opt("providerMetadata", s.providerMetadata)
    }
    : {
      type: "source",
      sourceType: "document",
      id: s.id,
      mediaType: s.mediaType,
      title: s.title,
      ...opt("filename", s.filename),
      ...opt("providerMetadata", s.providerMetadata)
    }

const citation = (c: Citation): LanguageModelV4Citation => ({
  source: source(c.source),
  ...opt("startIndex", c.startIndex),
  ...opt("endIndex", c.endIndex),
  ...opt("citedText", c.citedText)
})

const warning = (w: Warning): SharedV4Warning => {
  switch (w.type) {
    case "unsupported":
    case "compatibility":
      return { type: w.type, feature: w.feature, ...opt("details", w.details) }
    case "deprecated":
      return { type: "deprecated", setting: w.setting, message: w.message }
    case "other":
      return { type: "other", message: w.message }
  }
}

const usage = (u: Usage): LanguageModelV4Usage => ({
  inputTokens: u.inputTokens,
  outputTokens: u.outputTokens,
  ...opt("raw", u.raw)
})

type SharedPart = Content & StreamPart

// The content kinds that are both `generate` content and stream parts.
const sharedPart = (p: SharedPart): LanguageModelV4Content & LanguageModelV4StreamPart => {
  const providerMetadata = opt("providerMetadata", p.providerMetadata)
  switch (p.type) {
    case "custom":
      return { type: "custom", kind: p.kind, ...providerMetadata }
    case "file":
    case "reasoning-file":
      return {
        type: p.type,
        mediaType: p.mediaType,
        data: p.data.type === "data"
          ? { type: "data", data: p.data.data }
          : { type: "url", url: p.data.url, ...opt("originalUrl", p.data.originalUrl) },
        ...providerMetadata
      }
    case "tool-approval-request":
      return { type: p.type, approvalId: p.approvalId, toolCallId: p.toolCallId, ...providerMetadata }
    case "source":
      return source(p)
    case "tool-call":
      return {
        type: "tool-call",
        toolCallId: p.toolCallId,
        toolName: p.toolName,
        input: p.input,
        ...opt("providerExecuted", p.providerExecuted),
        ...opt("dynamic", p.dynamic),
        ...providerMetadata
      }
    case "tool-result":
      return {
        type: "tool-result",
        toolCallId: p.toolCallId,
        toolName: p.toolName,
        result: p.result,
        ...opt("isError", p.isError),
        ...opt("preliminary", p.preliminary),
        ...opt("dynamic", p.dynamic),
        ...providerMetadata
      }
  }
}

const content = (c: Content): LanguageModelV4Content => {
  switch (c.type) {
    case "text":
      return {
        type: "text",
        text: c.text,
        ...opt("citations", c.citations?.map(citation)),
        ...opt("providerMetadata", c.providerMetadata)
      }
    case "reasoning":
      return { type: "reasoning", text: c.text, ...opt("providerMetadata", c.providerMetadata) }
    default:
      return sharedPart(c)
  }
}

/**
 * An aimux `generate` result → upstream's `doGenerate` result.
 *
 * @internal
 */
export const generateResult = (r: GenerateResult): LanguageModelV4GenerateResult => ({
  content: r.content.map(content),
  ...opt("structuredOutputText", r.structuredOutputText),
  finishReason: r.finishReason,
  usage: usage(r.usage),
  ...opt("providerMetadata", r.providerMetadata),
  ...opt("request", r.request === undefined ? undefined : requestInfo(r.request)),
  ...opt(
    "response",
    r.response === undefined ? undefined : {
      ...opt("id", r.response.id),
      ...opt("timestamp", r.response.timestamp),
      ...opt("modelId", r.response.modelId),
      ...opt("headers", r.response.headers),
      ...opt("body", r.response.body)
    }
  ),
  warnings: r.warnings.map(warning)
})

/**
 * The request info of a result or stream (`{ url?, body? }`).
 *
 * @internal
 */
export const requestInfo = (
  r: { readonly url?: string | undefined; readonly body?: unknown }
): { url?: string; body?: unknown } => ({ ...opt("url", r.url), ...opt("body", r.body) })

/**
 * An aimux stream part → upstream's stream part.
 *
 * @internal
 */
export const streamPart = (p: StreamPart): LanguageModelV4StreamPart => {
  switch (p.type) {
    case "text-start":
    case "text-delta":
    case "reasoning-start":
    case "reasoning-delta":
    case "reasoning-end":
    case "tool-input-delta":
    case "tool-input-end":
      // No arrays and at most `providerMetadata` optional: drop it when undefined.
      if (p.providerMetadata !== undefined) return withMetadata(p, p.providerMetadata)
      return withoutMetadata(p)
    case "text-end":
      return {
        type: "text-end",
        id: p.id,
        ...opt("citations", p.citations?.map(citation)),
        ...opt("providerMetadata", p.providerMetadata)
      }
    case "tool-input-start":
      return {
        type: "tool-input-start",
        id: p.id,
        toolName: p.toolName,
        ...opt("inputEncoding", p.inputEncoding),
        ...opt("providerMetadata", p.providerMetadata),
        ...opt("providerExecuted", p.providerExecuted),
        ...opt("dynamic", p.dynamic),
        ...opt("title", p.title)
      }
    case "stream-start":
      return { type: "stream-start", warnings: p.warnings.map(warning) }
    case "response-metadata":
      return {
        type: "response-metadata",
        ...opt("id", p.id),
        ...opt("timestamp", p.timestamp),
        ...opt("modelId", p.modelId)
      }
    case "finish":
      return {
        type: "finish",
        usage: usage(p.usage),
        finishReason: p.finishReason,
        ...opt("providerMetadata", p.providerMetadata)
      }
    case "ping":
      return { type: "ping" }
    case "raw":
      return { type: "raw", rawValue: p.rawValue }
    case "error":
      // an aimux error as its upstream class's instance, as the pinned providers put them
      return { type: "error", error: toUpstreamError(p.error) }
    default:
      return sharedPart(p)
  }
}

type SimplePart = Extract<
  StreamPart,
  {
    readonly type:
      | "text-start"
      | "text-delta"
      | "reasoning-start"
      | "reasoning-delta"
      | "reasoning-end"
      | "tool-input-delta"
      | "tool-input-end"
  }
>

const withMetadata = (
  p: SimplePart,
  providerMetadata: NonNullable<SimplePart["providerMetadata"]>
): LanguageModelV4StreamPart => {
  switch (p.type) {
    case "text-delta":
    case "reasoning-delta":
    case "tool-input-delta":
      return { type: p.type, id: p.id, delta: p.delta, providerMetadata }
    default:
      return { type: p.type, id: p.id, providerMetadata }
  }
}

const withoutMetadata = (p: SimplePart): LanguageModelV4StreamPart => {
  switch (p.type) {
    case "text-delta":
    case "reasoning-delta":
    case "tool-input-delta":
      return { type: p.type, id: p.id, delta: p.delta }
    default:
      return { type: p.type, id: p.id }
  }
}

/**
 * aimux supported URLs → upstream's (`Record<string, RegExp[]>`).
 *
 * @internal
 */
export const supportedUrls = (urls: SupportedUrls): Record<string, Array<RegExp>> => {
  const out: Record<string, Array<RegExp>> = {}
  for (const [key, patterns] of Object.entries(urls)) out[key] = patterns.slice()
  return out
}
