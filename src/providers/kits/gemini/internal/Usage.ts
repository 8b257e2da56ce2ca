/**
 * Usage (upstream `convert-google-usage.ts`), the RPC status codes of errors
 * and server tool results.
 */
import { isJsonValue, type NonNullJsonValue } from "../../../../contract/Json.ts"
import { emptyUsage, type Usage } from "../../../../contract/Usage.ts"
import type { UsageMetadata } from "../GeminiApi.ts"

/**
 * V4 usage of the usage metadata: input counts tool-use prompt tokens, output counts thoughts.
 */
export const convertUsage = (usage: UsageMetadata | null | undefined): Usage => {
  if (usage == null) return emptyUsage()
  const promptTokens = usage.promptTokenCount ?? 0
  const candidatesTokens = usage.candidatesTokenCount ?? 0
  const cachedContentTokens = usage.cachedContentTokenCount ?? 0
  const thoughtsTokens = usage.thoughtsTokenCount ?? 0
  const inputTokens = promptTokens + (usage.toolUsePromptTokenCount ?? 0)
  return {
    inputTokens: {
      total: inputTokens,
      noCache: inputTokens - cachedContentTokens,
      cacheRead: cachedContentTokens,
      cacheWrite: undefined
    },
    outputTokens: { total: candidatesTokens + thoughtsTokens, text: candidatesTokens, reasoning: thoughtsTokens },
    raw: usage
  }
}

type Count = number | null | undefined

const addCounts = (a: Count, b: Count): Count => a == null && b == null ? (b ?? a) : (a ?? 0) + (b ?? 0)

type Details = UsageMetadata["promptTokensDetails"]

const addTokenDetails = (a: Details, b: Details): Details => {
  if (a == null || b == null) return b ?? a
  const counts = new Map<string, number>()
  for (const { modality, tokenCount } of [...a, ...b]) counts.set(modality, (counts.get(modality) ?? 0) + tokenCount)
  return Array.from(counts, ([modality, tokenCount]) => ({ modality, tokenCount }))
}

const countKeys = [
  "promptTokenCount",
  "candidatesTokenCount",
  "toolUsePromptTokenCount",
  "totalTokenCount",
  "cachedContentTokenCount",
  "thoughtsTokenCount"
] as const

const detailKeys = [
  "promptTokensDetails",
  "cacheTokensDetails",
  "candidatesTokensDetails",
  "toolUsePromptTokensDetails"
] as const

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/**
 * Sums the usage of two requests of a continued response (later non-numeric
 * fields win). A sum of two absent counts stays absent (upstream writes an
 * `undefined` key, which no JSON carries).
 */
export const addUsageMetadata = (
  a: UsageMetadata | undefined,
  b: UsageMetadata | undefined
): UsageMetadata | undefined => {
  if (a == null || b == null) return b ?? a
  const out: Mutable<UsageMetadata> = { ...a, ...b }
  for (const key of countKeys) {
    const sum = addCounts(a[key], b[key])
    if (sum === undefined) delete out[key]
    else out[key] = sum
  }
  for (const key of detailKeys) {
    const sum = addTokenDetails(a[key], b[key])
    if (sum === undefined) delete out[key]
    else out[key] = sum
  }
  return out
}

/**
 * Upstream `mapGoogleErrorStatusToHttpStatusCode`: the HTTP status of a Google RPC status name.
 */
export const statusCodeOfRpcStatus = (status: string): number | undefined => {
  switch (status) {
    case "CANCELLED":
      return 499
    case "INVALID_ARGUMENT":
    case "FAILED_PRECONDITION":
    case "OUT_OF_RANGE":
      return 400
    case "DEADLINE_EXCEEDED":
      return 504
    case "NOT_FOUND":
      return 404
    case "ALREADY_EXISTS":
    case "ABORTED":
      return 409
    case "PERMISSION_DENIED":
      return 403
    case "UNAUTHENTICATED":
      return 401
    case "RESOURCE_EXHAUSTED":
      return 429
    case "UNIMPLEMENTED":
      return 501
    case "UNKNOWN":
    case "INTERNAL":
    case "DATA_LOSS":
      return 500
    case "UNAVAILABLE":
      return 503
    default:
      return undefined
  }
}

/**
 * A server tool response as a tool result (`{}` when absent; decoded JSON is always JSON).
 */
export const toolResponseResult = (response: unknown): NonNullJsonValue =>
  response != null && isJsonValue(response) && response !== null ? response : {}
