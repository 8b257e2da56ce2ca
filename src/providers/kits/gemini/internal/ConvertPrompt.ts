/**
 * The V4 prompt as Gemini `contents` plus `systemInstruction` (upstream
 * `convert-to-google-messages.ts`): text, files (inline, URL, provider
 * references), thoughts and thought signatures, function calls and
 * responses (multimodal on Gemini 3), server-side tool calls, code
 * execution, and the skip-signature sentinel for unsigned Gemini 3 calls.
 *
 * @since 0.1.0
 */
import { Effect, Result, Schema } from "effect"
import { convertToBase64 } from "../../../../provider-utils/Base64.ts"
import { getTopLevelMediaType, isFullMediaType } from "../../../../provider-utils/DetectMediaType.ts"
import { isUrlSupported } from "../../../../provider-utils/IsUrlSupported.ts"
import { secureJsonParse } from "../../../../runtime/ParseJson.ts"
import { resolveFullMediaType } from "../../../../provider-utils/ResolveFullMediaType.ts"
import { resolveProviderReference } from "../../../../provider-utils/ResolveProviderReference.ts"
import { stringifyWithBigIntAndCycles } from "../../../../provider-utils/StringifyWithBigIntAndCycles.ts"
import { JSONParseError } from "../../../../contract/errors/JSONParseError.ts"
import type { NoSuchProviderReferenceError } from "../../../../contract/errors/NoSuchProviderReferenceError.ts"
import { TypeValidationError } from "../../../../contract/errors/TypeValidationError.ts"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { JsonObject, JsonValue } from "../../../../contract/Json.ts"
import type { AssistantMessage, FilePart, Prompt, ToolResultPart } from "../../../../contract/Prompt.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { CodeExecutionInput, CodeExecutionOutput, VideoMetadata } from "../GeminiOptions.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

/**
 * A function-response media part (Gemini 3 multimodal function responses).
 *
 * @since 0.1.0
 */
export type FunctionResponsePart =
  | { readonly inlineData: { readonly mimeType: string; readonly data: string } }
  | { readonly fileData: { readonly mimeType: string; readonly fileUri: string } }

/**
 * A request content part (key order as upstream writes them).
 *
 * @since 0.1.0
 */
export type ContentPart = Readonly<Record<string, unknown>>

/**
 * A request content entry.
 *
 * @since 0.1.0
 */
export interface Content {
  readonly role: "user" | "model"
  readonly parts: Array<ContentPart>
}

/**
 * The converted prompt.
 *
 * @since 0.1.0
 */
export interface GeminiPrompt {
  readonly systemInstruction: { readonly parts: Array<{ readonly text: string }> } | undefined
  readonly contents: Array<Content>
}

/**
 * Conversion options (upstream's `convertToGoogleMessages` options).
 *
 * @since 0.1.0
 */
export interface Options {
  readonly isGemmaModel?: boolean | undefined
  readonly isGemini3Model?: boolean | undefined
  readonly onWarning?: ((warning: Warning) => void) | undefined
  /** Namespaces read for per-part options, first match wins (`google`, or `googleVertex`, `vertex`). */
  readonly providerOptionsNames?: ReadonlyArray<string> | undefined
  readonly supportsFunctionResponseParts?: boolean | undefined
  readonly includeFunctionCallIds?: boolean | undefined
  readonly supportedFunctionResponseUrls?: Readonly<Record<string, ReadonlyArray<RegExp>>> | undefined
}

/**
 * The sentinel Google documents for replaying function calls without their signature.
 *
 * @since 0.1.0
 */
export const SKIP_THOUGHT_SIGNATURE_VALIDATOR = "skip_thought_signature_validator"

/**
 * Errors of the conversion.
 *
 * @since 0.1.0
 */
export type ConversionError =
  | UnsupportedFunctionalityError
  | NoSuchProviderReferenceError
  | TypeValidationError
  | JSONParseError

const dataUrlRegex = /^data:([^;,]+);base64,(.+)$/s

const decodeVideoMetadata = Schema.decodeUnknownResult(VideoMetadata)
const decodeCodeInput = Schema.decodeUnknownResult(CodeExecutionInput)
const decodeCodeOutput = Schema.decodeUnknownResult(CodeExecutionOutput)

const validated = <A>(value: unknown, result: Result.Result<A, unknown>): Effect.Effect<A, TypeValidationError> =>
  Result.isSuccess(result)
    ? Effect.succeed(result.success)
    : Effect.fail(new TypeValidationError({ value, cause: result.failure }))

const parseJson = (text: string): Effect.Effect<unknown, JSONParseError> => {
  const parsed = secureJsonParse(text)
  return Result.isSuccess(parsed)
    ? Effect.succeed(parsed.success)
    : Effect.fail(new JSONParseError({ text, cause: parsed.failure }))
}

const parseToolCallInput = (input: unknown): unknown => {
  if (typeof input !== "string") return input
  const parsed = secureJsonParse(input)
  return Result.isSuccess(parsed) ? parsed.success : input
}

const containsJsonSchemaReference = (value: unknown, seen: WeakSet<object> = new WeakSet()): boolean => {
  if (value === null || typeof value !== "object") return false
  if (seen.has(value)) return false
  seen.add(value)
  if (Array.isArray(value)) return value.some((item) => containsJsonSchemaReference(item, seen))
  return Object.entries(value).some(([key, nested]) => key === "$ref" || containsJsonSchemaReference(nested, seen))
}

// Google reserves `{ $ref: displayName }` in structured function responses; a
// JSON Schema `$ref` would trigger it, so such a value is sent as a string.
// (A decoded JSON value never holds bigints or `toJSON` objects: upstream's
// normalizing re-parse is the identity here.)
const serializeFunctionResponseContent = (value: JsonValue): unknown =>
  containsJsonSchemaReference(value) ? stringifyWithBigIntAndCycles(value) : value

type ContentItems = Extract<ToolResultPart["output"], { readonly type: "content" }>["value"]

const fileDataUri = (part: { readonly data: { readonly url: URL; readonly originalUrl?: string | undefined } }) =>
  part.data.url.protocol === "gs:" && part.data.originalUrl != null ? part.data.originalUrl : part.data.url.toString()

const idField = (include: boolean, toolCallId: string | undefined) =>
  include && toolCallId != null ? { id: toolCallId } : {}

const appendToolResultParts = Effect.fnUntraced(function*(
  parts: Array<ContentPart>,
  toolName: string,
  items: ContentItems,
  toolCallId: string,
  includeFunctionCallIds: boolean,
  supportedUrls: Readonly<Record<string, ReadonlyArray<RegExp>>>
) {
  const functionResponseParts: Array<FunctionResponsePart> = []
  const responseTextParts: Array<string> = []
  for (const item of items) {
    if (item.type === "text") {
      responseTextParts.push(item.text)
    } else if (item.type === "file") {
      if (item.data.type === "data") {
        functionResponseParts.push({
          inlineData: { mimeType: yield* resolveFullMediaType(item), data: convertToBase64(item.data.data) }
        })
      } else if (item.data.type === "url") {
        const url = item.data.url.toString()
        const match = dataUrlRegex.exec(url)
        const supportedUrl = item.data.url.protocol === "gs:" && item.data.originalUrl != null ? item.data.originalUrl : url
        if (match !== null) {
          functionResponseParts.push({ inlineData: { mimeType: match[1], data: match[2] } })
        } else if (isFullMediaType(item.mediaType) && isUrlSupported({ mediaType: item.mediaType, url: supportedUrl, supportedUrls })) {
          functionResponseParts.push({ fileData: { mimeType: item.mediaType, fileUri: supportedUrl } })
        } else {
          responseTextParts.push(WireJson.render(item))
        }
      } else {
        responseTextParts.push(WireJson.render(item))
      }
    } else {
      responseTextParts.push(WireJson.render(item))
    }
  }
  parts.push({
    functionResponse: {
      ...idField(includeFunctionCallIds, toolCallId),
      name: toolName,
      response: {
        name: toolName,
        content: responseTextParts.length > 0 ? responseTextParts.join("\n") : "Tool executed successfully."
      },
      ...(functionResponseParts.length > 0 ? { parts: functionResponseParts } : {})
    }
  })
})

const appendLegacyToolResultParts = Effect.fnUntraced(function*(
  parts: Array<ContentPart>,
  toolName: string,
  items: ContentItems,
  toolCallId: string,
  includeFunctionCallIds: boolean
) {
  for (const item of items) {
    if (item.type === "text") {
      parts.push({
        functionResponse: {
          ...idField(includeFunctionCallIds, toolCallId),
          name: toolName,
          response: { name: toolName, content: item.text }
        }
      })
    } else if (item.type === "file" && item.data.type === "data") {
      const topLevelMediaType = getTopLevelMediaType(item.mediaType)
      parts.push(
        { inlineData: { mimeType: yield* resolveFullMediaType(item), data: convertToBase64(item.data.data) } },
        {
          text: `Tool executed successfully and returned this ${
            topLevelMediaType === "image" ? "image" : "file"
          } as a response`
        }
      )
    } else {
      parts.push({ text: WireJson.render(item) })
    }
  }
})

const stringOf = (value: unknown): string | undefined => value != null ? String(value) : undefined

const userFilePart = Effect.fnUntraced(function*(part: FilePart, opts: JsonObject | undefined, isVertexLike: boolean) {
  const rawVideoMetadata = opts?.["videoMetadata"]
  const videoMetadata = rawVideoMetadata == null
    ? undefined
    : yield* validated(rawVideoMetadata, decodeVideoMetadata(rawVideoMetadata))
  const video = videoMetadata != null ? { videoMetadata } : {}
  switch (part.data.type) {
    case "url":
      return {
        fileData: { mimeType: yield* resolveFullMediaType(part), fileUri: fileDataUri({ data: part.data }) },
        ...video
      }
    case "reference": {
      if (isVertexLike) {
        return yield* new UnsupportedFunctionalityError({ functionality: "file parts with provider references" })
      }
      const mimeType = yield* resolveFullMediaType(part)
      return {
        fileData: { mimeType, fileUri: yield* resolveProviderReference(part.data.reference, "google") },
        ...video
      }
    }
    case "text":
      return {
        inlineData: {
          mimeType: isFullMediaType(part.mediaType) ? part.mediaType : "text/plain",
          data: convertToBase64(new TextEncoder().encode(part.data.text))
        },
        ...video
      }
    case "data":
      return {
        inlineData: { mimeType: yield* resolveFullMediaType(part), data: convertToBase64(part.data.data) },
        ...video
      }
  }
})

interface AssistantContext {
  readonly readProviderOpts: (part: { readonly providerOptions?: Readonly<Record<string, JsonObject>> | undefined }) =>
    JsonObject | undefined
  readonly isVertexLike: boolean
  readonly isGemini3Model: boolean
  readonly includeFunctionCallIds: boolean
  readonly injectSkipSignature: (toolName: string) => string
}

// The parts of one assistant message (a `model` content entry).
const assistantParts = Effect.fnUntraced(function*(
  content: AssistantMessage["content"],
  context: AssistantContext
) {
  const { includeFunctionCallIds, injectSkipSignature, isGemini3Model, isVertexLike, readProviderOpts } = context
  let modelResponseHasSignedFunctionCall = false
  const parts: Array<ContentPart> = []
  for (const part of content) {
    const providerOpts = readProviderOpts(part)
    const thoughtSignature = stringOf(providerOpts?.["thoughtSignature"])
    switch (part.type) {
      case "text": {
        if (part.text.length === 0 && thoughtSignature == null) break
        parts.push({ text: part.text, thoughtSignature })
        break
      }
      case "reasoning": {
        if (part.text.length === 0 && thoughtSignature == null) break
        parts.push({ text: part.text, thought: true, thoughtSignature })
        break
      }
      case "reasoning-file": {
        if (part.data.type === "url") {
          return yield* new UnsupportedFunctionalityError({
            functionality: "File data URLs in assistant messages are not supported"
          })
        }
        parts.push({
          inlineData: { mimeType: part.mediaType, data: convertToBase64(part.data.data) },
          thought: true,
          thoughtSignature
        })
        break
      }
      case "file": {
        const thought = providerOpts?.["thought"] === true ? { thought: true } : {}
        switch (part.data.type) {
          case "url":
            return yield* new UnsupportedFunctionalityError({
              functionality: "File data URLs in assistant messages are not supported"
            })
          case "reference": {
            if (isVertexLike) {
              return yield* new UnsupportedFunctionalityError({
                functionality: "file parts with provider references"
              })
            }
            parts.push({
              fileData: {
                mimeType: part.mediaType,
                fileUri: yield* resolveProviderReference(part.data.reference, "google")
              },
              ...thought,
              thoughtSignature
            })
            break
          }
          case "text":
            parts.push({
              inlineData: {
                mimeType: isFullMediaType(part.mediaType) ? part.mediaType : "text/plain",
                data: convertToBase64(new TextEncoder().encode(part.data.text))
              },
              ...thought,
              thoughtSignature
            })
            break
          case "data":
            parts.push({
              inlineData: { mimeType: part.mediaType, data: convertToBase64(part.data.data) },
              ...thought,
              thoughtSignature
            })
            break
        }
        break
      }
      case "tool-call": {
        if (part.providerExecuted === true && part.toolName === "code_execution") {
          const input = typeof part.input === "string" ? yield* parseJson(part.input) : part.input
          parts.push({ executableCode: yield* validated(input, decodeCodeInput(input)) })
          break
        }
        const serverToolCallId = stringOf(providerOpts?.["serverToolCallId"])
        const serverToolType = stringOf(providerOpts?.["serverToolType"])
        const isServerToolCall = serverToolCallId != null && serverToolType != null
        // Gemini 3 signs only the first call of a parallel response.
        const skipMitigation = !isServerToolCall && thoughtSignature == null && modelResponseHasSignedFunctionCall
        const effectiveThoughtSignature = thoughtSignature ??
          (isGemini3Model && !skipMitigation ? injectSkipSignature(part.toolName) : undefined)
        if (!isServerToolCall && thoughtSignature != null) modelResponseHasSignedFunctionCall = true
        if (isServerToolCall) {
          parts.push({
            toolCall: {
              toolType: serverToolType,
              args: typeof part.input === "string" ? yield* parseJson(part.input) : part.input,
              id: serverToolCallId
            },
            thoughtSignature: effectiveThoughtSignature
          })
          break
        }
        parts.push({
          functionCall: {
            ...idField(includeFunctionCallIds, part.toolCallId),
            name: part.toolName,
            args: parseToolCallInput(part.input)
          },
          thoughtSignature: effectiveThoughtSignature
        })
        break
      }
      case "tool-result": {
        if (part.toolName === "code_execution" && part.output.type === "json") {
          parts.push({ codeExecutionResult: yield* validated(part.output.value, decodeCodeOutput(part.output.value)) })
          break
        }
        const serverToolCallId = stringOf(providerOpts?.["serverToolCallId"])
        const serverToolType = stringOf(providerOpts?.["serverToolType"])
        if (serverToolCallId && serverToolType) {
          parts.push({
            toolResponse: {
              toolType: serverToolType,
              response: part.output.type === "json" ? part.output.value : {},
              id: serverToolCallId
            },
            thoughtSignature
          })
        }
        break
      }
    }
  }
  return parts
})

/**
 * Converts the prompt. Fails as upstream throws: a system message after the
 * first non-system message, file URLs in assistant messages, provider
 * references on Vertex.
 *
 * @since 0.1.0
 */
export const convert = Effect.fnUntraced(function*(prompt: Prompt, options: Options = {}) {
  const systemInstructionParts: Array<{ text: string }> = []
  const contents: Array<Content> = []
  let systemMessagesAllowed = true
  const isGemmaModel = options.isGemmaModel ?? false
  const isGemini3Model = options.isGemini3Model ?? false
  const providerOptionsNames = options.providerOptionsNames ?? ["google"]
  const isVertexLike = !providerOptionsNames.includes("google")
  const supportsFunctionResponseParts = options.supportsFunctionResponseParts ?? true
  const includeFunctionCallIds = options.includeFunctionCallIds ?? true
  const supportedFunctionResponseUrls = options.supportedFunctionResponseUrls ?? {}

  let sentinelInjected = false
  const missingSignatureToolNames: Array<string> = []
  const injectSkipSignature = (toolName: string) => {
    missingSignatureToolNames.push(toolName)
    sentinelInjected = true
    return SKIP_THOUGHT_SIGNATURE_VALIDATOR
  }

  const readProviderOpts = (
    part: { readonly providerOptions?: Readonly<Record<string, JsonObject>> | undefined }
  ): JsonObject | undefined => {
    for (const name of providerOptionsNames) {
      const value = part.providerOptions?.[name]
      if (value != null) return value
    }
    // Cross-namespace fallback (gateway interop), as upstream.
    if (isVertexLike) return part.providerOptions?.["google"]
    return part.providerOptions?.["googleVertex"] ?? part.providerOptions?.["vertex"]
  }

  for (const message of prompt) {
    switch (message.role) {
      case "system": {
        if (!systemMessagesAllowed) {
          return yield* new UnsupportedFunctionalityError({
            functionality: "system messages are only supported at the beginning of the conversation"
          })
        }
        systemInstructionParts.push({ text: message.content })
        break
      }
      case "user": {
        systemMessagesAllowed = false
        const parts: Array<ContentPart> = []
        for (const part of message.content) {
          if (part.type === "text") parts.push({ text: part.text })
          else if (part.type === "file") parts.push(yield* userFilePart(part, readProviderOpts(part), isVertexLike))
        }
        contents.push({ role: "user", parts })
        break
      }
      case "assistant": {
        systemMessagesAllowed = false
        const parts = yield* assistantParts(message.content, {
          readProviderOpts,
          isVertexLike,
          isGemini3Model,
          includeFunctionCallIds,
          injectSkipSignature
        })
        contents.push({ role: "model", parts })
        break
      }
      case "tool": {
        systemMessagesAllowed = false
        const parts: Array<ContentPart> = []
        for (const part of message.content) {
          if (part.type === "tool-approval-response") continue
          const partOpts = readProviderOpts(part)
          const serverToolCallId = stringOf(partOpts?.["serverToolCallId"])
          const serverToolType = stringOf(partOpts?.["serverToolType"])
          if (serverToolCallId && serverToolType) {
            const last = contents.at(-1)
            if (last !== undefined && last.role === "model") {
              last.parts.push({
                toolResponse: {
                  toolType: serverToolType,
                  response: part.output.type === "json" ? part.output.value : {},
                  id: serverToolCallId
                },
                thoughtSignature: stringOf(partOpts?.["thoughtSignature"])
              })
              continue
            }
          }
          const output = part.output
          if (output.type === "content") {
            if (supportsFunctionResponseParts) {
              yield* appendToolResultParts(
                parts,
                part.toolName,
                output.value,
                part.toolCallId,
                includeFunctionCallIds,
                supportedFunctionResponseUrls
              )
            } else {
              yield* appendLegacyToolResultParts(parts, part.toolName, output.value, part.toolCallId, includeFunctionCallIds)
            }
          } else {
            const isError = output.type === "error-text" || output.type === "error-json" ||
              output.type === "execution-denied"
            parts.push({
              functionResponse: {
                ...idField(includeFunctionCallIds, part.toolCallId),
                name: part.toolName,
                response: {
                  name: part.toolName,
                  ...(isError
                    ? {
                      error: output.type === "execution-denied"
                        ? (output.reason ?? "Tool call execution denied.")
                        : serializeFunctionResponseContent(output.value)
                    }
                    : { content: serializeFunctionResponseContent(output.value) })
                }
              }
            })
          }
        }
        contents.push({ role: "user", parts })
        break
      }
    }
  }

  const first = contents[0]
  if (isGemmaModel && systemInstructionParts.length > 0 && first !== undefined && first.role === "user") {
    first.parts.unshift({ text: systemInstructionParts.map((part) => part.text).join("\n\n") + "\n\n" })
  }

  if (sentinelInjected && options.onWarning !== undefined) {
    const uniqueToolNames = Array.from(new Set(missingSignatureToolNames))
    options.onWarning({
      type: "other",
      message: `Replayed ${missingSignatureToolNames.length} \`functionCall\` part(s) ` +
        `for a Gemini 3 model without a \`thoughtSignature\` ` +
        `(tools: ${uniqueToolNames.map((name) => `\`${name}\``).join(", ")}). ` +
        `Injected the documented \`skip_thought_signature_validator\` sentinel ` +
        `to keep the request from failing with HTTP 400. ` +
        `The likely cause is application code that drops ` +
        "`providerOptions.google.thoughtSignature` when persisting or " +
        "serializing assistant tool-call messages. " +
        "See https://ai.google.dev/gemini-api/docs/thought-signatures."
    })
  }

  const result: GeminiPrompt = {
    systemInstruction: systemInstructionParts.length > 0 && !isGemmaModel ? { parts: systemInstructionParts } : undefined,
    contents
  }
  return result
})
