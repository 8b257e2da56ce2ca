/**
 * The second decode step of a chunk or response: the wire Schemas decode on
 * the fast path (no index signatures, no empty-struct members), then the
 * candidates' grounding metadata is decoded exactly (an invalid one fails
 * the chunk, as upstream's single zod parse would) and the usage metadata
 * gets back the extra keys upstream's `.loose()` schemas keep.
 */
import { Result, Schema } from "effect"
import { TypeValidationError } from "../../../../contract/errors/TypeValidationError.ts"
import { isJsonValue, type JsonValue } from "../../../../contract/Json.ts"
import { GroundingMetadata, type UsageMetadata, type UsageMetadataFields } from "../GeminiApi.ts"

/**
 * What the refinement adds to a decoded chunk.
 */
export interface Refined {
  /** The first candidate's grounding metadata, decoded (`undefined` when absent). */
  readonly grounding: GroundingMetadata | null | undefined
  /** The usage metadata with its extra keys. */
  readonly usage: UsageMetadata | null | undefined
}

const decodeGrounding = Schema.decodeUnknownResult(GroundingMetadata)

const usageKeys = new Set([
  "cachedContentTokenCount",
  "thoughtsTokenCount",
  "promptTokenCount",
  "candidatesTokenCount",
  "toolUsePromptTokenCount",
  "totalTokenCount",
  "trafficType",
  "serviceTier",
  "promptTokensDetails",
  "cacheTokensDetails",
  "candidatesTokensDetails",
  "toolUsePromptTokensDetails"
])
const detailKeys = ["promptTokensDetails", "cacheTokensDetails", "candidatesTokensDetails", "toolUsePromptTokensDetails"] as const

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const extrasOf = (raw: Readonly<Record<string, unknown>>, known: (key: string) => boolean) => {
  let extras: Record<string, JsonValue> | undefined
  for (const key in raw) {
    if (known(key)) continue
    const value = raw[key]
    if (isJsonValue(value)) (extras ??= {})[key] = value
  }
  return extras
}

type Detail = NonNullable<UsageMetadataFields["promptTokensDetails"]>[number]
type LooseDetails = UsageMetadata["promptTokensDetails"]

const looseDetails = (details: ReadonlyArray<Detail>, raw: unknown): LooseDetails => {
  if (!Array.isArray(raw)) return details
  let out: Array<NonNullable<LooseDetails>[number]> | undefined
  for (let i = 0; i < details.length; i++) {
    const item: unknown = raw[i]
    const extras = isRecord(item) ? extrasOf(item, (key) => key === "modality" || key === "tokenCount") : undefined
    if (extras !== undefined) {
      out ??= details.slice(0, i)
      out.push({ ...details[i], ...extras })
    } else if (out !== undefined) {
      out.push(details[i])
    }
  }
  return out ?? details
}

/**
 * The usage metadata with the extra keys of its raw value (known keys in schema order, then the extras).
 */
export const looseUsage = (usage: UsageMetadataFields, raw: unknown): UsageMetadata => {
  if (!isRecord(raw)) return usage
  const extras = extrasOf(raw, (key) => usageKeys.has(key))
  let replaced: Partial<Record<(typeof detailKeys)[number], NonNullable<LooseDetails>>> | undefined
  for (const key of detailKeys) {
    const details = usage[key]
    if (details == null) continue
    const loose = looseDetails(details, raw[key])
    if (loose != null && loose !== details) (replaced ??= {})[key] = loose
  }
  return extras === undefined && replaced === undefined ? usage : { ...usage, ...extras, ...replaced }
}

/**
 * Refines a decoded chunk or response; a `TypeValidationError` (value: the raw JSON) when a
 * candidate's grounding metadata does not decode.
 */
export const refine = (
  value: {
    readonly candidates?: ReadonlyArray<{ readonly groundingMetadata?: unknown }> | null | undefined
    readonly usageMetadata?: UsageMetadataFields | null | undefined
  },
  raw: unknown
): Refined | TypeValidationError => {
  let grounding: GroundingMetadata | null | undefined
  const candidates = value.candidates
  if (candidates != null) {
    for (let i = 0; i < candidates.length; i++) {
      const metadata = candidates[i].groundingMetadata
      if (metadata == null) {
        if (i === 0) grounding = metadata === null ? null : undefined
        continue
      }
      const decoded = decodeGrounding(metadata)
      if (Result.isFailure(decoded)) return new TypeValidationError({ value: raw, cause: decoded.failure })
      if (i === 0) grounding = decoded.success
    }
  }
  const usage = value.usageMetadata
  return {
    grounding,
    usage: usage == null ? usage : looseUsage(usage, isRecord(raw) ? raw["usageMetadata"] : undefined)
  }
}
