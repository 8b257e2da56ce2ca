/**
 * `NoObjectGeneratedError`: structured output could not be produced (the model's text did not
 * parse, or did not match the schema).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoObjectGeneratedError"

const optionalNumber = Schema.optional(Schema.UndefinedOr(Schema.Number))

/**
 * The response metadata kept on the error (upstream `Omit<LanguageModelResponseMetadata, "messages">`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponseMetadata = Schema.Struct({
  id: Schema.String,
  timestamp: Schema.Date,
  modelId: Schema.String,
  headers: Schema.optional(Schema.UndefinedOr(Schema.Record(Schema.String, Schema.String)))
})

/**
 * The token usage kept on the error (core `LanguageModelUsage`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const UsageFields = Schema.Struct({
  inputTokens: optionalNumber,
  inputTokenDetails: Schema.optional(Schema.Struct({
    noCacheTokens: optionalNumber,
    cacheReadTokens: optionalNumber,
    cacheWriteTokens: optionalNumber
  })),
  outputTokens: optionalNumber,
  outputTokenDetails: Schema.optional(Schema.Struct({ textTokens: optionalNumber, reasoningTokens: optionalNumber })),
  totalTokens: optionalNumber
})

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

/** The metadata fields of a response (its messages and body are not kept, as upstream's type says). */
const responseOf = (u: unknown): typeof ResponseMetadata.Type | undefined => {
  if (!isRecord(u) || typeof u.id !== "string" || !(u.timestamp instanceof Date) || typeof u.modelId !== "string") {
    return undefined
  }
  const headers = isRecord(u.headers) ? u.headers : undefined
  return {
    id: u.id,
    timestamp: u.timestamp,
    modelId: u.modelId,
    ...(headers !== undefined
      ? { headers: Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === "string")) }
      : {})
  }
}

/** The numeric fields of `u` that it has (absent stays absent, as upstream keeps the object). */
const numbersOf = <K extends string>(u: Record<string, unknown>, keys: ReadonlyArray<K>): { [P in K]?: number | undefined } => {
  const out: { [P in K]?: number | undefined } = {}
  for (const key of keys) {
    if (!Object.hasOwn(u, key)) continue
    const v = u[key]
    out[key] = typeof v === "number" ? v : undefined
  }
  return out
}

const usageOf = (u: unknown): typeof UsageFields.Type | undefined => {
  if (!isRecord(u)) return undefined
  const input = isRecord(u.inputTokenDetails) ? u.inputTokenDetails : undefined
  const output = isRecord(u.outputTokenDetails) ? u.outputTokenDetails : undefined
  return {
    ...numbersOf(u, ["inputTokens", "outputTokens", "totalTokens"]),
    ...(input !== undefined ? { inputTokenDetails: numbersOf(input, ["noCacheTokens", "cacheReadTokens", "cacheWriteTokens"]) } : {}),
    ...(output !== undefined ? { outputTokenDetails: numbersOf(output, ["textTokens", "reasoningTokens"]) } : {})
  }
}

/**
 * Constructor options, named as upstream's (`response`, `usage` and `finishReason` are the last
 * step's; kept as plain data here so that spec depends on nothing of core).
 *
 * @since 0.1.0
 * @category models
 */
export interface NoObjectGeneratedErrorOptions {
  readonly message?: string | undefined
  readonly cause?: unknown
  readonly text?: string | undefined
  readonly response: unknown
  readonly usage: unknown
  readonly finishReason: string
}

/**
 * No object was generated; default message `No object generated.`, fields as upstream.
 *
 * @since 0.1.0
 * @category errors
 */
export class NoObjectGeneratedError extends UpstreamError<NoObjectGeneratedError>(name)(
  "NoObjectGeneratedError",
  {
    message: Schema.String,
    cause: Schema.optional(Schema.Defect()),
    text: Schema.optional(Schema.String),
    response: Schema.optional(ResponseMetadata),
    usage: Schema.optional(UsageFields),
    finishReason: Schema.optional(Schema.String)
  }
) {
  constructor(options: NoObjectGeneratedErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? "No object generated.",
      cause: options.cause,
      text: options.text,
      response: responseOf(options.response),
      usage: usageOf(options.usage),
      finishReason: options.finishReason
    }), makeOptions)
  }
}

/**
 * What `NoObjectGeneratedError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoObjectGeneratedErrorLike = UpstreamLike<NoObjectGeneratedError>
