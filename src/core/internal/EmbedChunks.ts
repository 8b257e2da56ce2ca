/**
 * The pieces of upstream `embedMany` that are pure: chunking by `maxEmbeddingsPerCall` and UTF-8
 * input bytes (`splitByEmbeddingLimits`), the parallel batches (`splitArray`), the merge of
 * provider metadata across chunks, the `ai/<version>` user agent, and the embedding count check.
 *
 * @internal
 */
import { Effect } from "effect"
import { CoreInvalidArgumentError } from "../../contract/errors/CoreInvalidArgumentError.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"
import type { Embedding } from "../../contract/Embedding.ts"
import type { ProviderMetadata } from "../../contract/ProviderMetadata.ts"

/** The `ai` version whose user agent upstream's embed functions send. @internal */
export const AI_VERSION = "7.0.173"

/**
 * Upstream `withUserAgentSuffix(headers ?? {}, 'ai/<version>')`: names lower-cased, `undefined`
 * values dropped, the suffix appended to `user-agent`.
 *
 * @internal
 */
export const withAiUserAgent = (headers: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) if (value !== undefined) out[key.toLowerCase()] = value
  const current = out["user-agent"]
  out["user-agent"] = current === undefined || current === "" ? `ai/${AI_VERSION}` : `${current} ai/${AI_VERSION}`
  return out
}

/** Upstream `validateEmbeddingDimensions`. @internal */
export const validateDimensions = (dimensions: number | undefined): Effect.Effect<void, CoreInvalidArgumentError> =>
  dimensions !== undefined && (!Number.isInteger(dimensions) || dimensions <= 0)
    ? Effect.fail(new CoreInvalidArgumentError({ parameter: "dimensions", value: dimensions, message: "dimensions must be a positive integer" }))
    : Effect.void

/** Whether a limit is set (upstream: `!= null && !== Infinity`). @internal */
export const hasLimit = (limit: number | undefined): limit is number => limit != null && limit !== Infinity

const encoder = new TextEncoder()

/**
 * UTF-8 length of a string without allocating its bytes (the same count as
 * `TextEncoder.encode(value).length`: a lone surrogate counts as U+FFFD, three bytes).
 *
 * @internal
 */
export const utf8Length = (value: string): number => {
  let bytes = 0
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/** Kept for parity checks of {@link utf8Length} against the encoder upstream uses. @internal */
export const encodedLength = (value: string): number => encoder.encode(value).length

/**
 * A running chunker (upstream `splitByEmbeddingLimits` one value at a time): `push` returns the
 * chunk that the value closed, if any; `flush` the last one. Used by `embedMany` over an array and
 * by the streaming variant over a `Stream`.
 *
 * @internal
 */
export class Chunker {
  private current: Array<string> = []
  private bytes = 0
  readonly maxEmbeddingsPerCall: number
  readonly maxInputBytesPerCall: number
  constructor(maxEmbeddingsPerCall: number, maxInputBytesPerCall: number) {
    this.maxEmbeddingsPerCall = maxEmbeddingsPerCall
    this.maxInputBytesPerCall = maxInputBytesPerCall
  }
  push(value: string): Array<string> | undefined {
    const size = this.maxInputBytesPerCall === Infinity ? 0 : utf8Length(value)
    let closed: Array<string> | undefined
    if (
      this.current.length > 0 &&
      (this.current.length >= this.maxEmbeddingsPerCall || this.bytes + size > this.maxInputBytesPerCall)
    ) {
      closed = this.current
      this.current = []
      this.bytes = 0
    }
    this.current.push(value)
    this.bytes += size
    return closed
  }
  flush(): Array<string> | undefined {
    if (this.current.length === 0) return undefined
    const last = this.current
    this.current = []
    this.bytes = 0
    return last
  }
}

/**
 * Upstream's guard of `splitByEmbeddingLimits` (a plain `Error` there; a typed argument error here).
 *
 * @internal
 */
export const validateLimits = (maxEmbeddingsPerCall: number, maxInputBytesPerCall: number): Effect.Effect<void, CoreInvalidArgumentError> =>
  maxEmbeddingsPerCall <= 0
    ? Effect.fail(new CoreInvalidArgumentError({ parameter: "maxEmbeddingsPerCall", value: maxEmbeddingsPerCall, message: "maxEmbeddingsPerCall must be greater than 0" }))
    : maxInputBytesPerCall <= 0
    ? Effect.fail(new CoreInvalidArgumentError({ parameter: "maxInputBytesPerCall", value: maxInputBytesPerCall, message: "maxInputBytesPerCall must be greater than 0" }))
    : Effect.void

/** Upstream `splitByEmbeddingLimits` over an array. @internal */
export const splitByEmbeddingLimits = (
  values: ReadonlyArray<string>,
  maxEmbeddingsPerCall: number,
  maxInputBytesPerCall: number
): Array<Array<string>> => {
  const chunker = new Chunker(maxEmbeddingsPerCall, maxInputBytesPerCall)
  const chunks: Array<Array<string>> = []
  for (const value of values) {
    const closed = chunker.push(value)
    if (closed !== undefined) chunks.push(closed)
  }
  const last = chunker.flush()
  if (last !== undefined) chunks.push(last)
  return chunks
}

/** Upstream `splitArray` (the parallel batches), with its `chunkSize` check. @internal */
export const splitArray = <A>(array: ReadonlyArray<A>, chunkSize: number): Effect.Effect<Array<Array<A>>, CoreInvalidArgumentError> => {
  if (chunkSize <= 0) {
    return Effect.fail(new CoreInvalidArgumentError({ parameter: "chunkSize", value: chunkSize, message: "chunkSize must be greater than 0" }))
  }
  const out: Array<Array<A>> = []
  for (let i = 0; i < array.length; i += chunkSize) out.push(array.slice(i, i + chunkSize))
  return Effect.succeed(out)
}

/** Upstream `validateEmbeddingCount`. @internal */
export const validateCount = (
  embeddings: ReadonlyArray<Embedding>,
  values: ReadonlyArray<string>
): Effect.Effect<void, InvalidResponseDataError> =>
  embeddings.length !== values.length
    ? Effect.fail(new InvalidResponseDataError({ data: embeddings, message: `Expected ${values.length} embeddings, but received ${embeddings.length}.` }))
    : Effect.void

/**
 * Upstream's merge of chunk provider metadata: the first chunk's copied, later chunks' entries
 * spread over it per provider name (own keys only).
 *
 * @internal
 */
export const mergeProviderMetadata = (
  into: Record<string, ProviderMetadata[string]> | undefined,
  next: ProviderMetadata | undefined
): Record<string, ProviderMetadata[string]> | undefined => {
  if (next === undefined) return into
  if (into === undefined) return { ...next }
  for (const [name, metadata] of Object.entries(next)) {
    const before = Object.hasOwn(into, name) ? into[name] : undefined
    Object.defineProperty(into, name, { value: { ...before, ...metadata }, enumerable: true, writable: true, configurable: true })
  }
  return into
}
