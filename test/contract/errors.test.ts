/**
 * Differential tests: every aimux error class against the pinned upstream
 * class built from the same inputs (name, message, fields, toString,
 * getErrorMessage, marker-based isInstance in both directions), plus
 * TypeValidationError.wrap, the isRetryable rule, normalizeStreamProviderError
 * (through upstream streamText) and Effect tag matching.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Up from "@ai-sdk/provider"
import { DownloadError as UpDownloadError, createProviderStreamError as upCreateProviderStreamError } from "@ai-sdk/provider-utils"
import * as UpCore from "ai"
import { MCPClientError as UpMCPClientError } from "@ai-sdk/mcp"
import { MockLanguageModelV4 } from "ai/test"
import { Effect, Schema } from "effect"
import * as fc from "fast-check"
import * as E from "../../src/contract/errors/index.ts"

interface Case {
  readonly label: string
  readonly tag: string
  readonly upstream: Error
  readonly ours: Error & { readonly _tag: string }
  readonly fields: ReadonlyArray<string>
  readonly upIsInstance: (u: unknown) => boolean
  readonly oursIsInstance: (u: unknown) => boolean
}

const cause = new Error("root cause")
const requestBodyValues = { model: "m", messages: [{ role: "user", content: "hi" }] }
const content: Array<Up.LanguageModelV4Content> = [{ type: "text", text: "{\"a\":1}" }]
const upNoSuchTool = new UpCore.NoSuchToolError({ toolName: "t", availableTools: ["a", "b"] })
const oursNoSuchTool = new E.NoSuchToolError({ toolName: "t", availableTools: ["a", "b"] })
const upInvalidInput = new UpCore.InvalidToolInputError({ toolName: "t", toolInput: "{", cause })
const oursInvalidInput = new E.InvalidToolInputError({ toolName: "t", toolInput: "{", cause })

const cases: ReadonlyArray<Case> = [
  {
    label: "UIMessageStreamError",
    tag: "UIMessageStreamError",
    upstream: new UpCore.UIMessageStreamError({ chunkType: "text-delta", chunkId: "t1", message: "Received text-delta for missing text part" }),
    ours: new E.UIMessageStreamError({ chunkType: "text-delta", chunkId: "t1", message: "Received text-delta for missing text part" }),
    fields: ["chunkType", "chunkId"],
    upIsInstance: UpCore.UIMessageStreamError.isInstance,
    oursIsInstance: E.UIMessageStreamError.isInstance
  },
  {
    label: "MCPClientError",
    tag: "MCPClientError",
    upstream: new UpMCPClientError({ message: "Tool x not found", code: -32602, data: { a: 1 }, statusCode: 404, url: "u", responseBody: "b", cause }),
    ours: new E.MCPClientError({ message: "Tool x not found", code: -32602, data: { a: 1 }, statusCode: 404, url: "u", responseBody: "b", cause }),
    fields: ["code", "data", "statusCode", "url", "responseBody", "cause"],
    upIsInstance: UpMCPClientError.isInstance,
    oursIsInstance: E.MCPClientError.isInstance
  },
  {
    label: "AISDKError",
    tag: "AISDKError",
    upstream: new Up.AISDKError({ name: "AI_Custom", message: "custom", cause }),
    ours: new E.AISDKError({ name: "AI_Custom", message: "custom", cause }),
    fields: ["cause"],
    upIsInstance: Up.AISDKError.isInstance,
    oursIsInstance: E.AISDKError.isInstance
  },
  ...[
    { message: "Bad Request", url: "https://x.test/v1", requestBodyValues, statusCode: 400, responseBody: "{}" },
    {
      message: "Too Many",
      url: "https://x.test/v1",
      requestBodyValues,
      statusCode: 429,
      responseHeaders: { "retry-after": "1" },
      data: { error: { message: "slow down" } }
    },
    { message: "net", url: "https://x.test/v1", requestBodyValues, cause },
    { message: "forced", url: "u", requestBodyValues: null, statusCode: 500, isRetryable: false },
    { message: "forced", url: "u", requestBodyValues: "s", statusCode: 400, isRetryable: true }
  ].map((options, i): Case => ({
    label: `APICallError #${i}`,
    tag: "APICallError",
    upstream: new Up.APICallError(options),
    ours: new E.APICallError(options),
    fields: ["url", "requestBodyValues", "statusCode", "responseHeaders", "responseBody", "isRetryable", "data", "cause"],
    upIsInstance: Up.APICallError.isInstance,
    oursIsInstance: E.APICallError.isInstance
  })),
  ...[
    { url: "https://x.test/a.png", statusCode: 404, statusText: "Not Found" },
    { url: "https://x.test/a.png", cause },
    { url: "file:///etc/passwd", message: "URL scheme must be http, https, or data, got file:" },
    { url: "u", cause: "plain string" }
  ].map((options, i): Case => ({
    label: `DownloadError #${i}`,
    tag: "DownloadError",
    upstream: new UpDownloadError(options),
    ours: new E.DownloadError(options),
    fields: ["url", "statusCode", "statusText", "cause"],
    upIsInstance: UpDownloadError.isInstance,
    oursIsInstance: E.DownloadError.isInstance
  })),
  ...[undefined, { message: "nothing" }].map((options, i): Case => ({
    label: `EmptyResponseBodyError #${i}`,
    tag: "EmptyResponseBodyError",
    upstream: new Up.EmptyResponseBodyError(options),
    ours: new E.EmptyResponseBodyError(options),
    fields: [],
    upIsInstance: Up.EmptyResponseBodyError.isInstance,
    oursIsInstance: E.EmptyResponseBodyError.isInstance
  })),
  {
    label: "InvalidArgumentError",
    tag: "InvalidArgumentError",
    upstream: new Up.InvalidArgumentError({ argument: "temperature", message: "too hot", cause }),
    ours: new E.InvalidArgumentError({ argument: "temperature", message: "too hot", cause }),
    fields: ["argument", "cause"],
    upIsInstance: Up.InvalidArgumentError.isInstance,
    oursIsInstance: E.InvalidArgumentError.isInstance
  },
  {
    label: "InvalidPromptError",
    tag: "InvalidPromptError",
    upstream: new Up.InvalidPromptError({ prompt: [{ role: "x" }], message: "bad role" }),
    ours: new E.InvalidPromptError({ prompt: [{ role: "x" }], message: "bad role" }),
    fields: ["prompt", "cause"],
    upIsInstance: Up.InvalidPromptError.isInstance,
    oursIsInstance: E.InvalidPromptError.isInstance
  },
  ...[{ data: { weird: [1, "2"] } }, { data: "x", message: "custom" }, { data: undefined }].map((options, i): Case => ({
    label: `InvalidResponseDataError #${i}`,
    tag: "InvalidResponseDataError",
    upstream: new Up.InvalidResponseDataError(options),
    ours: new E.InvalidResponseDataError(options),
    fields: ["data"],
    upIsInstance: Up.InvalidResponseDataError.isInstance,
    oursIsInstance: E.InvalidResponseDataError.isInstance
  })),
  ...[{ text: "{oops", cause: new SyntaxError("Unexpected token o") }, { text: "", cause: "str" }, {
    text: "x",
    cause: { code: 1 }
  }].map((options, i): Case => ({
    label: `JSONParseError #${i}`,
    tag: "JSONParseError",
    upstream: new Up.JSONParseError(options),
    ours: new E.JSONParseError(options),
    fields: ["text", "cause"],
    upIsInstance: Up.JSONParseError.isInstance,
    oursIsInstance: E.JSONParseError.isInstance
  })),
  {
    label: "LoadAPIKeyError",
    tag: "LoadAPIKeyError",
    upstream: new Up.LoadAPIKeyError({ message: "OpenAI API key is missing." }),
    ours: new E.LoadAPIKeyError({ message: "OpenAI API key is missing." }),
    fields: [],
    upIsInstance: Up.LoadAPIKeyError.isInstance,
    oursIsInstance: E.LoadAPIKeyError.isInstance
  },
  {
    label: "LoadSettingError",
    tag: "LoadSettingError",
    upstream: new Up.LoadSettingError({ message: "setting missing" }),
    ours: new E.LoadSettingError({ message: "setting missing" }),
    fields: [],
    upIsInstance: Up.LoadSettingError.isInstance,
    oursIsInstance: E.LoadSettingError.isInstance
  },
  ...[undefined, { message: "empty" }].map((options, i): Case => ({
    label: `NoContentGeneratedError #${i}`,
    tag: "NoContentGeneratedError",
    upstream: new Up.NoContentGeneratedError(options),
    ours: new E.NoContentGeneratedError(options),
    fields: [],
    upIsInstance: Up.NoContentGeneratedError.isInstance,
    oursIsInstance: E.NoContentGeneratedError.isInstance
  })),
  ...[
    { modelId: "gpt-x", modelType: "languageModel" as const },
    { modelId: "e", modelType: "embeddingModel" as const, message: "nope" },
    { modelId: "p:m", modelType: "imageModel" as const, errorName: "AI_NoSuchProviderError" }
  ].map((options, i): Case => ({
    label: `NoSuchModelError #${i}`,
    tag: "NoSuchModelError",
    upstream: new Up.NoSuchModelError(options),
    ours: new E.NoSuchModelError(options),
    fields: ["modelId", "modelType"],
    upIsInstance: Up.NoSuchModelError.isInstance,
    oursIsInstance: E.NoSuchModelError.isInstance
  })),
  ...[
    { modelId: "x:m", modelType: "languageModel" as const, providerId: "x", availableProviders: ["openai", "anthropic"] },
    { modelId: "y:e", modelType: "embeddingModel" as const, providerId: "y", availableProviders: [], message: "custom" }
  ].map((options, i): Case => ({
    label: `NoSuchProviderError #${i}`,
    tag: "NoSuchProviderError",
    upstream: new UpCore.NoSuchProviderError(options),
    ours: new E.NoSuchProviderError(options),
    fields: ["modelId", "modelType", "providerId", "availableProviders"],
    upIsInstance: UpCore.NoSuchProviderError.isInstance,
    oursIsInstance: E.NoSuchProviderError.isInstance
  })),
  {
    label: "TooManyEmbeddingValuesForCallError",
    tag: "TooManyEmbeddingValuesForCallError",
    upstream: new Up.TooManyEmbeddingValuesForCallError({
      provider: "openai",
      modelId: "emb",
      maxEmbeddingsPerCall: 2,
      values: ["a", "b", "c"]
    }),
    ours: new E.TooManyEmbeddingValuesForCallError({
      provider: "openai",
      modelId: "emb",
      maxEmbeddingsPerCall: 2,
      values: ["a", "b", "c"]
    }),
    fields: ["provider", "modelId", "maxEmbeddingsPerCall", "values"],
    upIsInstance: Up.TooManyEmbeddingValuesForCallError.isInstance,
    oursIsInstance: E.TooManyEmbeddingValuesForCallError.isInstance
  },
  ...[
    { value: { a: 1 }, cause },
    { value: "s", cause: "bad", context: { field: "message.parts[3].data" } },
    { value: [1], cause: null, context: { entityName: "weather" } },
    { value: undefined, cause: { issue: 1 }, context: { entityId: "call-1" } },
    { value: 1, cause, context: { field: "f", entityName: "tool", entityId: "id-9" } },
    { value: 1, cause, context: { field: "", entityName: "", entityId: "" } }
  ].map((options, i): Case => ({
    label: `TypeValidationError #${i}`,
    tag: "TypeValidationError",
    upstream: new Up.TypeValidationError(options),
    ours: new E.TypeValidationError(options),
    fields: ["value", "context", "cause"],
    upIsInstance: Up.TypeValidationError.isInstance,
    oursIsInstance: E.TypeValidationError.isInstance
  })),
  ...[{ functionality: "image parts" }, { functionality: "x", message: "custom" }].map((options, i): Case => ({
    label: `UnsupportedFunctionalityError #${i}`,
    tag: "UnsupportedFunctionalityError",
    upstream: new Up.UnsupportedFunctionalityError(options),
    ours: new E.UnsupportedFunctionalityError(options),
    fields: ["functionality"],
    upIsInstance: Up.UnsupportedFunctionalityError.isInstance,
    oursIsInstance: E.UnsupportedFunctionalityError.isInstance
  })),
  ...[
    { questionIds: ["q1"], provider: "p", modelId: "m" },
    { questionIds: ["q1", "q\"2"], provider: "p", modelId: "m" },
    { questionIds: [], provider: "p", modelId: "m", message: "custom" }
  ].map((options, i): Case => ({
    label: `DecisionRefusalError #${i}`,
    tag: "DecisionRefusalError",
    upstream: new Up.Experimental_DecisionRefusalError(options),
    ours: new E.DecisionRefusalError(options),
    fields: ["questionIds", "provider", "modelId"],
    upIsInstance: Up.Experimental_DecisionRefusalError.isInstance,
    oursIsInstance: E.DecisionRefusalError.isInstance
  })),
  {
    label: "DecisionUnsupportedQuestionTypeError",
    tag: "DecisionUnsupportedQuestionTypeError",
    upstream: new Up.Experimental_DecisionUnsupportedQuestionTypeError({
      questionId: "q",
      questionType: "ranking",
      provider: "p",
      modelId: "m"
    }),
    ours: new E.DecisionUnsupportedQuestionTypeError({
      questionId: "q",
      questionType: "ranking",
      provider: "p",
      modelId: "m"
    }),
    fields: ["questionId", "questionType", "provider", "modelId"],
    upIsInstance: Up.Experimental_DecisionUnsupportedQuestionTypeError.isInstance,
    oursIsInstance: E.DecisionUnsupportedQuestionTypeError.isInstance
  },
  ...[
    { toolName: "t" },
    { toolName: "t", availableTools: ["a", "b"] },
    { toolName: "t", availableTools: [] },
    { toolName: "t", message: "custom" }
  ].map((options, i): Case => ({
    label: `NoSuchToolError #${i}`,
    tag: "NoSuchToolError",
    upstream: new UpCore.NoSuchToolError(options),
    ours: new E.NoSuchToolError(options),
    fields: ["toolName", "availableTools"],
    upIsInstance: UpCore.NoSuchToolError.isInstance,
    oursIsInstance: E.NoSuchToolError.isInstance
  })),
  ...[
    { toolName: "t", toolInput: "{", cause },
    { toolName: "t", toolInput: "{}", cause: new Up.TypeValidationError({ value: {}, cause: "x" }) },
    { toolName: "t", toolInput: "", cause: undefined, message: "custom" }
  ].map((options, i): Case => ({
    label: `InvalidToolInputError #${i}`,
    tag: "InvalidToolInputError",
    upstream: new UpCore.InvalidToolInputError(options),
    ours: new E.InvalidToolInputError(options),
    fields: ["toolName", "toolInput", "cause"],
    upIsInstance: UpCore.InvalidToolInputError.isInstance,
    oursIsInstance: E.InvalidToolInputError.isInstance
  })),
  {
    label: "ToolCallRepairError (NoSuchToolError)",
    tag: "ToolCallRepairError",
    upstream: new UpCore.ToolCallRepairError({ cause, originalError: upNoSuchTool }),
    ours: new E.ToolCallRepairError({ cause, originalError: oursNoSuchTool }),
    fields: ["cause", "originalError"],
    upIsInstance: UpCore.ToolCallRepairError.isInstance,
    oursIsInstance: E.ToolCallRepairError.isInstance
  },
  {
    label: "ToolCallRepairError (InvalidToolInputError)",
    tag: "ToolCallRepairError",
    upstream: new UpCore.ToolCallRepairError({ cause: "repair blew up", originalError: upInvalidInput }),
    ours: new E.ToolCallRepairError({ cause: "repair blew up", originalError: oursInvalidInput }),
    fields: ["cause", "originalError"],
    upIsInstance: UpCore.ToolCallRepairError.isInstance,
    oursIsInstance: E.ToolCallRepairError.isInstance
  },
  // the media functions' errors (responses: the calls' response metadata)
  ...[{}, { message: "none at all", cause, responses: [{ timestamp: new Date(0), modelId: "m", headers: { "x-a": "1" } }] }].map(
    (options, i): Case => ({
      label: `NoImageGeneratedError #${i}`,
      tag: "NoImageGeneratedError",
      upstream: new UpCore.NoImageGeneratedError(options),
      ours: new E.NoImageGeneratedError(options),
      fields: ["cause", "responses"],
      upIsInstance: UpCore.NoImageGeneratedError.isInstance,
      oursIsInstance: E.NoImageGeneratedError.isInstance
    })
  ),
  ...[{ responses: [] }, { responses: [{ timestamp: new Date(0), modelId: "tts" }], cause }].map((options, i): Case => ({
    label: `NoSpeechGeneratedError #${i}`,
    tag: "NoSpeechGeneratedError",
    upstream: new UpCore.NoSpeechGeneratedError(options),
    ours: new E.NoSpeechGeneratedError(options),
    fields: ["cause", "responses"],
    upIsInstance: UpCore.NoSpeechGeneratedError.isInstance,
    oursIsInstance: E.NoSpeechGeneratedError.isInstance
  })),
  ...[{ responses: [{ timestamp: new Date(0), modelId: "whisper-1" }] }].map((options, i): Case => ({
    label: `NoTranscriptGeneratedError #${i}`,
    tag: "NoTranscriptGeneratedError",
    upstream: new UpCore.NoTranscriptGeneratedError(options),
    ours: new E.NoTranscriptGeneratedError(options),
    fields: ["responses"],
    upIsInstance: UpCore.NoTranscriptGeneratedError.isInstance,
    oursIsInstance: E.NoTranscriptGeneratedError.isInstance
  })),
  ...[undefined, { message: "nothing", cause }].map((options, i): Case => ({
    label: `NoOutputGeneratedError #${i}`,
    tag: "NoOutputGeneratedError",
    upstream: new UpCore.NoOutputGeneratedError(options),
    ours: new E.NoOutputGeneratedError(options),
    fields: ["cause"],
    upIsInstance: UpCore.NoOutputGeneratedError.isInstance,
    oursIsInstance: E.NoOutputGeneratedError.isInstance
  })),
  ...[
    { response: { id: "r", timestamp: new Date(0), modelId: "m" }, usage: { inputTokens: 1 }, finishReason: "stop" as const },
    {
      message: "No object generated: could not parse the response.",
      cause,
      text: "{",
      response: { id: "r", timestamp: new Date(0), modelId: "m" },
      usage: { inputTokens: 1, outputTokens: 2 },
      finishReason: "length" as const
    }
  ].map((options, i): Case => ({
    label: `NoObjectGeneratedError #${i}`,
    tag: "NoObjectGeneratedError",
    upstream: new UpCore.NoObjectGeneratedError(options as never),
    ours: new E.NoObjectGeneratedError(options),
    fields: ["text", "response", "usage", "finishReason", "cause"],
    upIsInstance: UpCore.NoObjectGeneratedError.isInstance,
    oursIsInstance: E.NoObjectGeneratedError.isInstance
  })),
  ...[
    { message: "overloaded", type: "overloaded_error", code: 529, statusCode: 529, data: { raw: true } },
    { message: "bad", code: "invalid" },
    { message: "m", statusCode: 429, isRetryable: false, cause }
  ].map((options, i): Case => ({
    label: `StreamProviderError #${i}`,
    tag: "StreamProviderError",
    upstream: new UpCore.StreamProviderError(options),
    ours: new E.StreamProviderError(options),
    fields: ["type", "code", "statusCode", "isRetryable", "data", "cause"],
    upIsInstance: UpCore.StreamProviderError.isInstance,
    oursIsInstance: E.StreamProviderError.isInstance
  })),
  ...[
    { toolChoice: { type: "none" as const } },
    { toolChoice: { type: "required" as const } },
    { toolChoice: { type: "tool" as const, toolName: "weather" } },
    { toolChoice: { type: "tool" as const, toolName: "weather" }, message: "custom" }
  ].map((options, i): Case => ({
    label: `ToolChoiceViolationError #${i}`,
    tag: "ToolChoiceViolationError",
    upstream: new UpCore.ToolChoiceViolationError({
      ...options,
      finishReason: "stop",
      provider: "p",
      modelId: "m",
      content
    }),
    ours: new E.ToolChoiceViolationError({ ...options, finishReason: "stop", provider: "p", modelId: "m", content }),
    fields: ["toolChoice", "finishReason", "provider", "modelId", "content"],
    upIsInstance: UpCore.ToolChoiceViolationError.isInstance,
    oursIsInstance: E.ToolChoiceViolationError.isInstance
  })),
  {
    label: "ToolCallNotFoundForApprovalError",
    tag: "ToolCallNotFoundForApprovalError",
    upstream: new UpCore.ToolCallNotFoundForApprovalError({ toolCallId: "call-1", approvalId: "ap-1" }),
    ours: new E.ToolCallNotFoundForApprovalError({ toolCallId: "call-1", approvalId: "ap-1" }),
    fields: ["toolCallId", "approvalId"],
    upIsInstance: UpCore.ToolCallNotFoundForApprovalError.isInstance,
    oursIsInstance: E.ToolCallNotFoundForApprovalError.isInstance
  },
  ...[["a"], ["a", "b", "c"], []].map((toolCallIds, i): Case => ({
    label: `MissingToolResultsError #${i}`,
    tag: "MissingToolResultsError",
    upstream: new UpCore.MissingToolResultsError({ toolCallIds }),
    ours: new E.MissingToolResultsError({ toolCallIds }),
    fields: ["toolCallIds"],
    upIsInstance: UpCore.MissingToolResultsError.isInstance,
    oursIsInstance: E.MissingToolResultsError.isInstance
  })),
  {
    label: "InvalidToolApprovalError",
    tag: "InvalidToolApprovalError",
    upstream: new UpCore.InvalidToolApprovalError({ approvalId: "ap-9" }),
    ours: new E.InvalidToolApprovalError({ approvalId: "ap-9" }),
    fields: ["approvalId"],
    upIsInstance: UpCore.InvalidToolApprovalError.isInstance,
    oursIsInstance: E.InvalidToolApprovalError.isInstance
  },
  ...(["missing signature", "invalid signature"] as const).map((reason): Case => ({
    label: `InvalidToolApprovalSignatureError (${reason})`,
    tag: "InvalidToolApprovalSignatureError",
    upstream: new UpCore.InvalidToolApprovalSignatureError({ approvalId: "ap-9", toolCallId: "call-1", reason }),
    ours: new E.InvalidToolApprovalSignatureError({ approvalId: "ap-9", toolCallId: "call-1", reason }),
    fields: ["approvalId", "toolCallId"],
    upIsInstance: UpCore.InvalidToolApprovalSignatureError.isInstance,
    oursIsInstance: E.InvalidToolApprovalSignatureError.isInstance
  })),
  {
    label: "InvalidStreamPartError",
    tag: "InvalidStreamPartError",
    upstream: new UpCore.InvalidStreamPartError({ chunk: { type: "text-delta", id: "1", text: "x" }, message: "bad" }),
    ours: new E.InvalidStreamPartError({ chunk: { type: "text-delta", id: "1", text: "x" }, message: "bad" }),
    fields: ["chunk"],
    upIsInstance: UpCore.InvalidStreamPartError.isInstance,
    oursIsInstance: E.InvalidStreamPartError.isInstance
  },
  ...[
    { message: "Failed after 3 attempts.", reason: "maxRetriesExceeded" as const, errors: [cause, "two", { three: 3 }] },
    { message: "not retryable", reason: "errorNotRetryable" as const, errors: [cause] },
    { message: "aborted", reason: "abort" as const, errors: [] }
  ].map((options, i): Case => ({
    label: `RetryError #${i}`,
    tag: "RetryError",
    upstream: new UpCore.RetryError(options),
    ours: new E.RetryError(options),
    fields: ["reason", "lastError", "errors"],
    upIsInstance: UpCore.RetryError.isInstance,
    oursIsInstance: E.RetryError.isInstance
  })),
  ...[
    { provider: "openai", reference: { anthropic: "file-a", google: "file-g" } },
    { provider: "openai", reference: {} },
    { provider: "openai", reference: { x: "y" }, message: "custom" }
  ].map((options, i): Case => ({
    label: `NoSuchProviderReferenceError #${i}`,
    tag: "NoSuchProviderReferenceError",
    upstream: new Up.NoSuchProviderReferenceError(options),
    ours: new E.NoSuchProviderReferenceError(options),
    fields: ["provider", "reference"],
    upIsInstance: Up.NoSuchProviderReferenceError.isInstance,
    oursIsInstance: E.NoSuchProviderReferenceError.isInstance
  })),
  {
    label: "CoreInvalidArgumentError",
    tag: "CoreInvalidArgumentError",
    upstream: new UpCore.InvalidArgumentError({ parameter: "maxRetries", value: -1, message: "must be >= 0" }),
    ours: new E.CoreInvalidArgumentError({ parameter: "maxRetries", value: -1, message: "must be >= 0" }),
    fields: ["parameter", "value"],
    upIsInstance: UpCore.InvalidArgumentError.isInstance,
    oursIsInstance: E.CoreInvalidArgumentError.isInstance
  }
]

// Errors nested in fields are different classes on the two sides; compare
// them by what upstream code can observe.
const observable = (u: unknown): unknown =>
  u instanceof Error ? { name: u.name, message: u.message, cause: observable(u.cause) } : u

describe("errors: differential against upstream classes", () => {
  it("covers every exported error class", () => {
    const covered = new Set(cases.map((c) => c.tag))
    const exported = Object.entries(E)
      .filter(([, v]) => typeof v === "function" && "isInstance" in v)
      .map(([k]) => k)
    expect(exported.sort()).toEqual([...covered].sort())
  })

  for (const c of cases) {
    it(c.label, () => {
      const { ours, upstream } = c
      expect(ours._tag).toBe(c.tag)
      expect(ours).toBeInstanceOf(Error)
      expect(ours.name).toBe(upstream.name)
      expect(ours.message).toBe(upstream.message)
      for (const field of c.fields) {
        expect(observable(Reflect.get(ours, field)), field).toStrictEqual(observable(Reflect.get(upstream, field)))
      }
      expect(ours.toString()).toBe(upstream.toString())
      expect(String(ours)).toBe(String(upstream))
      expect(E.getErrorMessage(ours)).toBe(Up.getErrorMessage(upstream))
      expect(Up.getErrorMessage(ours)).toBe(Up.getErrorMessage(upstream))
      expect(c.upIsInstance(ours)).toBe(true)
      expect(c.oursIsInstance(upstream)).toBe(true)
      expect(c.oursIsInstance(ours)).toBe(true)
      expect(Up.AISDKError.isInstance(ours)).toBe(true)
      expect(E.AISDKError.isInstance(upstream)).toBe(true)
      expect(E.isAISDKError(ours)).toBe(true)
      expect(ours.stack?.split("\n")[0]).toBe(upstream.stack?.split("\n")[0])
    })
  }

  it("isInstance agrees with upstream on every (class, instance) pair", () => {
    for (const checker of cases) {
      for (const instance of cases) {
        const expected = checker.upIsInstance(instance.upstream)
        expect(checker.upIsInstance(instance.ours), `${checker.label} ? ${instance.label}`).toBe(expected)
        expect(checker.oursIsInstance(instance.upstream), `${checker.label} ? ${instance.label}`).toBe(expected)
        expect(checker.oursIsInstance(instance.ours), `${checker.label} ? ${instance.label}`).toBe(expected)
      }
    }
  })

  it("isInstance rejects non-errors and look-alikes", () => {
    for (const u of [null, undefined, 1, "AI_APICallError", { name: "AI_APICallError" }, new Error("x")]) {
      expect(E.APICallError.isInstance(u)).toBe(Up.APICallError.isInstance(u))
      expect(E.AISDKError.isInstance(u)).toBe(Up.AISDKError.isInstance(u))
      expect(E.isAISDKError(u)).toBe(false)
    }
    const falseMarker = { [Symbol.for("vercel.ai.error")]: "true", [Symbol.for("vercel.ai.error.AI_APICallError")]: 1 }
    expect(E.APICallError.isInstance(falseMarker)).toBe(Up.APICallError.isInstance(falseMarker))
    expect(E.AISDKError.isInstance(falseMarker)).toBe(false)
  })

  it("markers live on the prototype, outside the enumerable keys", () => {
    const ours = new E.LoadAPIKeyError({ message: "m" })
    const own = Object.getOwnPropertySymbols(ours).map((s) => s.description ?? "")
    expect(own.filter((d) => d.startsWith("vercel.ai"))).toEqual([])
    expect(Object.keys(ours).some((k) => k.startsWith("vercel"))).toBe(false)
    expect(Symbol.for("vercel.ai.error.AI_LoadAPIKeyError") in ours).toBe(true)
  })

  it("APICallError fields carry no request headers", () => {
    expect(Object.keys(E.APICallError.fields).sort()).toEqual(
      [
        "_tag",
        "cause",
        "data",
        "isRetryable",
        "message",
        "requestBodyValues",
        "responseBody",
        "responseHeaders",
        "statusCode",
        "url"
      ]
    )
  })
})

describe("errors: isRetryable default", () => {
  const statuses = [undefined, ...Array.from({ length: 500 }, (_, i) => 100 + i), 0, -1, 600, 999, 408.5]
  it("APICallError and StreamProviderError follow upstream on statuses 100..599 and edge values", () => {
    for (const statusCode of statuses) {
      const base = { message: "m", url: "u", requestBodyValues: {} }
      const upApi = new Up.APICallError(statusCode === undefined ? base : { ...base, statusCode })
      const ourApi = new E.APICallError({ ...base, statusCode })
      expect(ourApi.isRetryable, String(statusCode)).toBe(upApi.isRetryable)
      const upStream = new UpCore.StreamProviderError(statusCode === undefined ? { message: "m" } : { message: "m", statusCode })
      const ourStream = new E.StreamProviderError({ message: "m", statusCode })
      expect(ourStream.isRetryable, String(statusCode)).toBe(upStream.isRetryable)
    }
    for (const statusCode of [408, 409, 429, 500, 503, 599]) {
      expect(new E.APICallError({ message: "m", url: "u", requestBodyValues: {}, statusCode }).isRetryable).toBe(true)
    }
    for (const statusCode of [200, 400, 401, 404, 410, 499]) {
      expect(new E.APICallError({ message: "m", url: "u", requestBodyValues: {}, statusCode }).isRetryable).toBe(false)
    }
  })

  it("APICallError matches upstream on arbitrary inputs", () => {
    fc.assert(fc.property(fc.record({
      statusCode: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
      isRetryable: fc.option(fc.boolean(), { nil: undefined }),
      message: fc.string(),
      responseBody: fc.option(fc.string(), { nil: undefined })
    }), ({ isRetryable, message, responseBody, statusCode }) => {
    const options = {
      message,
      url: "https://x.test",
      requestBodyValues: { message },
      ...(statusCode === undefined ? {} : { statusCode }),
      ...(isRetryable === undefined ? {} : { isRetryable }),
      ...(responseBody === undefined ? {} : { responseBody })
    }
    const upstream = new Up.APICallError(options)
    const ours = new E.APICallError(options)
    expect(ours.isRetryable).toBe(upstream.isRetryable)
    expect(ours.toString()).toBe(upstream.toString())
    expect(ours.statusCode).toBe(upstream.statusCode)
    expect(ours.responseBody).toBe(upstream.responseBody)
    }), { numRuns: 300 })
  })
})

describe("errors: getErrorMessage", () => {
  it("matches upstream on every kind of value", () => {
    const inputs: ReadonlyArray<unknown> = [
      null,
      undefined,
      "",
      "plain",
      0,
      42,
      true,
      [1, "a"],
      { a: 1 },
      new Error("boom"),
      new TypeError("type"),
      new Up.APICallError({ message: "m", url: "u", requestBodyValues: {} }),
      new E.APICallError({ message: "m", url: "u", requestBodyValues: {} }),
      new E.InvalidPromptError({ prompt: "", message: "x" }),
      new E.NoSuchModelError({ modelId: "a", modelType: "videoModel", errorName: "Custom" })
    ]
    for (const input of inputs) {
      expect(E.getErrorMessage(input)).toBe(Up.getErrorMessage(input))
    }
  })
})

describe("errors: TypeValidationError.wrap", () => {
  const value = { a: 1 }
  const contexts: ReadonlyArray<Up.TypeValidationContext | undefined> = [
    undefined,
    {},
    { field: "f" },
    { field: "g" },
    { entityName: "tool" },
    { entityId: "id" },
    { field: "f", entityName: "tool", entityId: "id" }
  ]
  it("returns the cause itself exactly when upstream does", () => {
    for (const causeContext of contexts) {
      for (const wrapContext of contexts) {
        for (const wrapValue of [value, { a: 1 }]) {
          const upCause = new Up.TypeValidationError(
            causeContext === undefined ? { value, cause: "inner" } : { value, cause: "inner", context: causeContext }
          )
          const ourCause = new E.TypeValidationError({ value, cause: "inner", context: causeContext })
          const upWrapped = Up.TypeValidationError.wrap(
            wrapContext === undefined
              ? { value: wrapValue, cause: upCause }
              : { value: wrapValue, cause: upCause, context: wrapContext }
          )
          const ourWrapped = E.TypeValidationError.wrap({ value: wrapValue, cause: ourCause, context: wrapContext })
          const label = `${JSON.stringify(causeContext)} / ${JSON.stringify(wrapContext)} / same value ${wrapValue === value}`
          expect(ourWrapped === ourCause, label).toBe(upWrapped === upCause)
          expect(ourWrapped.message, label).toBe(upWrapped.message)
          expect(ourWrapped).toBeInstanceOf(E.TypeValidationError)
        }
      }
    }
  })

  it("wraps a non-TypeValidationError cause like upstream", () => {
    for (const cause of [new Error("x"), "str", null, { issues: [] }]) {
      const upstream = Up.TypeValidationError.wrap({ value, cause, context: { field: "f" } })
      const ours = E.TypeValidationError.wrap({ value, cause, context: { field: "f" } })
      expect(ours.message).toBe(upstream.message)
      expect(ours.cause).toBe(cause)
      expect(ours.value).toBe(value)
    }
  })

  it("wraps (does not return) an upstream TypeValidationError cause, since the result must be an aimux instance", () => {
    const upCause = new Up.TypeValidationError({ value, cause: "inner" })
    const ours = E.TypeValidationError.wrap({ value, cause: upCause })
    expect(ours).not.toBe(upCause)
    expect(ours.cause).toBe(upCause)
    expect(ours.message).toBe(new Up.TypeValidationError({ value, cause: upCause }).message)
  })
})

const upstreamNormalize = async (error: unknown): Promise<unknown> => {
  const model = new MockLanguageModelV4({
    doStream: async () => ({
      stream: new ReadableStream<Up.LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] })
          controller.enqueue({ type: "error", error })
          controller.close()
        }
      })
    })
  })
  const result = UpCore.streamText({ model, prompt: "hi", onError: () => {} })
  const seen: Array<unknown> = []
  for await (const part of result.fullStream) {
    if (part.type === "error") seen.push(part.error)
  }
  expect(seen).toHaveLength(1)
  return seen[0]
}

const expectSameNormalization = async (input: unknown, label: string): Promise<void> => {
  const upstream = await upstreamNormalize(input)
  const ours = E.normalizeStreamProviderError(input)
  if (upstream === input) {
    expect(ours, label).toBe(input)
    return
  }
  expect(UpCore.StreamProviderError.isInstance(upstream), label).toBe(true)
  expect(ours, label).toBeInstanceOf(E.StreamProviderError)
  for (const field of ["name", "message", "type", "code", "statusCode", "isRetryable", "data", "cause"]) {
    expect(Reflect.get(Object(ours), field), `${label}: ${field}`).toStrictEqual(Reflect.get(Object(upstream), field))
  }
}

describe("errors: normalizeStreamProviderError against upstream streamText", () => {
  const table: ReadonlyArray<readonly [string, unknown]> = [
    ["string", "boom"],
    ["number", 42],
    ["plain message", { message: "x" }],
    ["message + status", { message: "x", status: 429 }],
    ["message + status string", { message: "x", status: "503" }],
    ["message + 2-digit status string", { message: "x", status: "50" }],
    ["message + non-integer statusCode", { message: "x", statusCode: 404.5 }],
    ["message + status 399", { message: "x", status: 399 }],
    ["message + statusCode 600", { message: "x", statusCode: 600 }],
    ["message + status_code", { message: "x", status_code: 418 }],
    ["message + code number", { message: "x", code: 429 }],
    ["message + code string status", { message: "x", code: "500" }],
    ["message + code string", { message: "x", code: "rate_limit_exceeded", type: "tokens" }],
    ["overloaded", { message: "Overloaded" }],
    ["overloaded padded", { message: "  model overloaded  " }],
    ["internal server error", { message: "Internal Server Error" }],
    ["service unavailable + explicit false", { message: "service unavailable", isRetryable: false }],
    ["is_retryable", { message: "m", is_retryable: true, status: 400 }],
    ["nested error", { error: { message: "nested", type: "invalid_request_error", code: "bad" } }],
    ["anthropic shape", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }],
    ["response.error", { response: { error: { message: "resp", code: 502 } }, status: 400 }],
    ["response without error", { response: {}, message: "outer" }],
    ["error not a record", { error: "str" }],
    ["non-string message", { message: 5 }],
    ["empty object", {}],
    ["array", [1, 2]],
    ["Error", new Error("boom")],
    ["upstream APICallError", new Up.APICallError({ message: "m", url: "u", requestBodyValues: {} })],
    ["aimux APICallError", new E.APICallError({ message: "m", url: "u", requestBodyValues: {} })],
    ["upstream StreamProviderError", new UpCore.StreamProviderError({ message: "m" })],
    ["aimux StreamProviderError", new E.StreamProviderError({ message: "m" })],
    [
      "upstream provider stream error",
      upCreateProviderStreamError({ message: "p", statusCode: 429, type: "t", code: 7, data: { raw: 1 } })
    ],
    [
      "aimux provider stream error",
      E.createProviderStreamError({ message: "p", statusCode: 500, isRetryable: false, data: { raw: 2 } })
    ],
    ["provider stream error without status", E.createProviderStreamError({ message: "overloaded", data: null })],
    ["unmarked provider-shaped payload", { message: "p", statusCode: 429, data: { raw: 1 } }]
  ]
  for (const [label, input] of table) {
    it(label, () => expectSameNormalization(input, label))
  }

  it("marks provider stream errors exactly like upstream", () => {
    const ours = E.createProviderStreamError({ message: "m", data: 1 })
    const upstream = upCreateProviderStreamError({ message: "m", data: 1 })
    expect(ours).toStrictEqual(upstream)
    expect(Object.keys(ours)).toEqual(Object.keys(upstream))
    expect(E.isProviderStreamError(upstream)).toBe(true)
    expect(E.isProviderStreamError({ message: "m", data: 1 })).toBe(false)
  })

  const jsonLeaf = fc.oneof(
    fc.string(),
    fc.constantFrom("429", "503", "50", "Overloaded", "internal server error", "x"),
    fc.integer({ min: 0, max: 700 }),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null)
  )
  const keys = fc.constantFrom(
    "message",
    "type",
    "code",
    "status",
    "statusCode",
    "status_code",
    "isRetryable",
    "is_retryable",
    "data"
  )
  const details = fc.dictionary(keys, jsonLeaf, { maxKeys: 6 })
  const payload = fc.oneof(
    details,
    fc.record({ error: details }, { requiredKeys: [] }).chain((outer) =>
      details.map((rest) => ({ ...rest, ...outer }))
    ),
    fc.record({ response: fc.record({ error: details }) }).chain((outer) => details.map((rest) => ({ ...rest, ...outer })))
  )
  it("matches upstream on generated payloads", async () => {
    await fc.assert(
      fc.asyncProperty(payload, async (input) => {
        await expectSameNormalization(input, JSON.stringify(input))
      }),
      { numRuns: 150 }
    )
  })
})

describe("errors: Effect integration", () => {
  it.effect("an aimux error yielded in Effect.gen is caught by Effect.catchTag", () =>
    Effect.gen(function*() {
      const program = Effect.gen(function*() {
        yield* new E.APICallError({ message: "m", url: "u", requestBodyValues: {}, statusCode: 503 })
        return "unreachable"
      })
      const caught = yield* program.pipe(
        Effect.catchTag("APICallError", (e) => Effect.succeed(`${e.name}:${e.statusCode}:${e.isRetryable}`))
      )
      expect(caught).toBe("AI_APICallError:503:true")
    }))

  it.effect("ModelError members are told apart by tag", () =>
    Effect.gen(function*() {
      const fail = (e: E.ModelError): Effect.Effect<string, E.ModelError> => Effect.fail(e)
      const handled = (e: E.ModelError) =>
        fail(e).pipe(
          Effect.catchTags({
            APICallError: (x) => Effect.succeed(`api ${x.url}`),
            InvalidPromptError: (x) => Effect.succeed(`prompt ${x.message}`),
            NoSuchModelError: (x) => Effect.succeed(`model ${x.modelId}`)
          }),
          Effect.catch((x) => Effect.succeed(`other ${x._tag}`))
        )
      expect(yield* handled(new E.APICallError({ message: "m", url: "u", requestBodyValues: {} }))).toBe("api u")
      expect(yield* handled(new E.InvalidPromptError({ prompt: "", message: "x" }))).toBe("prompt Invalid prompt: x")
      expect(yield* handled(new E.NoSuchModelError({ modelId: "q", modelType: "languageModel" }))).toBe("model q")
      expect(yield* handled(new E.LoadAPIKeyError({ message: "k" }))).toBe("other LoadAPIKeyError")
    }))

  it.effect("the failure value is the instance itself", () =>
    Effect.gen(function*() {
      const error = new E.NoContentGeneratedError()
      const flipped = yield* Effect.flip(Effect.fail(error))
      expect(flipped).toBe(error)
      expect(Up.NoContentGeneratedError.isInstance(flipped)).toBe(true)
    }))
})

describe("errors: Schema round trip", () => {
  for (const c of cases) {
    it(`${c.label} encodes and decodes to the same message and fields`, () => {
      const ours = c.ours
      const schema = Object.values(E).find(
        (v): v is typeof E.LoadAPIKeyError => typeof v === "function" && "isInstance" in v && ours instanceof v
      )
      expect(schema).toBeDefined()
      if (schema === undefined) return
      const codec = Schema.toCodecJson(schema)
      const json = JSON.parse(JSON.stringify(Schema.encodeUnknownSync(codec)(ours)))
      const decoded: unknown = Schema.decodeUnknownSync(codec)(json)
      expect(decoded).toBeInstanceOf(schema)
      expect(Reflect.get(Object(decoded), "message")).toBe(ours.message)
      expect(Reflect.get(Object(decoded), "_tag")).toBe(ours._tag)
      for (const field of c.fields) {
        expect(observable(Reflect.get(Object(decoded), field)), field).toStrictEqual(
          observable(Reflect.get(ours, field))
        )
      }
      expect(c.upIsInstance(decoded)).toBe(true)
    })
  }
})
