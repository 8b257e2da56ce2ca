/**
 * `StreamingToolCallTracker`: turns OpenAI-style streamed tool-call deltas
 * into `tool-input-start` / `tool-input-delta` / `tool-input-end` /
 * `tool-call` parts. An exact port of `@ai-sdk/provider-utils` 5.0.81
 * (`streaming-tool-call-tracker.ts`, identical to 5.0.55): the same
 * correlation rules, id allocation, metadata hooks and flush order.
 *
 * It is a plain synchronous state machine (no Effect per delta); `stream`
 * wraps it as a Stream combinator.
 *
 * @since 0.1.0
 */
import { Effect, Stream } from "effect"
import { InvalidResponseDataError } from "../contract/errors/InvalidResponseDataError.ts"
import type { ToolCall } from "../contract/Content.ts"
import type { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type { ToolInputDelta, ToolInputEnd, ToolInputStart } from "../contract/StreamPart.ts"
import { IdGenerator, makeRandom } from "../runtime/IdGenerator.ts"
import { ArgumentState, isBlank, startsWithStructuredValue } from "./internal/argumentState.ts"
import * as StreamTransform from "./StreamTransform.ts"

/**
 * One streamed tool-call delta (upstream `StreamingToolCallDelta`). Providers
 * decode the wire chunk with a Schema first, so the field types hold.
 *
 * @since 0.1.0
 * @category models
 */
export interface Delta {
  readonly index?: number | null | undefined
  readonly id?: string | null | undefined
  readonly type?: string | null | undefined
  readonly function?: {
    readonly name?: string | null | undefined
    readonly arguments?: string | null | undefined
  } | null | undefined
}

/**
 * How the `type` field of a delta that starts a new call is checked.
 *
 * @since 0.1.0
 * @category models
 */
export type TypeValidation = "none" | "if-present" | "required"

/**
 * Tracker options, as upstream `StreamingToolCallTrackerOptions`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<D extends Delta = Delta> {
  /** Id source for calls whose wire id is missing or already used; defaults to upstream `generateId`. */
  readonly generateId?: (() => string) | undefined
  /** Default `"none"`. */
  readonly typeValidation?: TypeValidation | undefined
  /** Called once, when a call is created; its result is kept for `buildToolCallProviderMetadata`. */
  readonly extractMetadata?: ((delta: D) => ProviderMetadata | undefined) | undefined
  /** Called at finalization; a truthy result becomes the `tool-call` part's `providerMetadata`. */
  readonly buildToolCallProviderMetadata?:
    | ((metadata: ProviderMetadata | undefined) => ProviderMetadata | undefined)
    | undefined
}

/**
 * The parts the tracker emits.
 *
 * @since 0.1.0
 * @category models
 */
export type Part = ToolInputStart | ToolInputDelta | ToolInputEnd | ToolCall

/**
 * Where the tracker pushes its parts: an `Array<Part>`, or a provider's
 * array of stream parts (a wider element type), so parts go straight into
 * the stream chunk's output without a scratch array.
 *
 * @since 0.1.0
 * @category models
 */
export interface PartSink {
  push(part: Part): number
}

interface TrackedToolCall {
  readonly id: string
  readonly index: number | undefined
  readonly sequence: number
  readonly name: string
  // Fragments joined once at finalization: appending to one string per delta
  // would make many-fragment arguments quadratic on engines without ropes.
  readonly fragments: Array<string>
  // Fed with the fragments only when a correlation decision reads it (most
  // deltas never need it): `scanned` fragments have been fed so far. The
  // scan is deterministic over the concatenated text, so feeding late gives
  // the state feeding per delta would have.
  readonly argumentState: ArgumentState
  scanned: number
  hasFinished: boolean
  readonly metadata: ProviderMetadata | undefined
}

const AMBIGUOUS = 0
const NEW = 1

type Resolution = typeof AMBIGUOUS | typeof NEW | TrackedToolCall

/**
 * The tracker state machine. `processDelta` and `flush` push the parts to
 * emit into an output array (one array per stream chunk, no allocation per
 * part beyond the part itself).
 *
 * @since 0.1.0
 * @category models
 */
export class StreamingToolCallTracker<D extends Delta = Delta> {
  private readonly toolCalls: Array<TrackedToolCall> = []
  private readonly toolCallsById = new Map<string, Set<TrackedToolCall>>()
  private readonly toolCallsByIndex = new Map<number, Set<TrackedToolCall>>()
  private readonly usedToolCallIds = new Set<string>()
  private readonly nextGeneratedIdSuffixes = new Map<string, number>()
  private readonly generateId: () => string
  private readonly typeValidation: TypeValidation
  private readonly extractMetadata: ((delta: D) => ProviderMetadata | undefined) | undefined
  private readonly buildToolCallProviderMetadata:
    | ((metadata: ProviderMetadata | undefined) => ProviderMetadata | undefined)
    | undefined

  constructor(options: Options<D> = {}) {
    this.generateId = options.generateId ?? makeRandom()
    this.typeValidation = options.typeValidation ?? "none"
    this.extractMetadata = options.extractMetadata
    this.buildToolCallProviderMetadata = options.buildToolCallProviderMetadata
  }

  /**
   * Processes one delta, pushing the parts it produces into `out` (a new
   * array when omitted). Returns `out`, or the `InvalidResponseDataError`
   * upstream throws (parts pushed before it stay in `out`).
   *
   * @since 0.1.0
   */
  processDelta(delta: D): Array<Part> | InvalidResponseDataError
  processDelta<O extends PartSink>(delta: D, out: O): O | InvalidResponseDataError
  processDelta(delta: D, out: PartSink = []): PartSink | InvalidResponseDataError {
    const fn = delta.function
    const wireName = fn?.name
    const hasBlankName = typeof wireName === "string" && isBlank(wireName)
    const wireId = nonBlank(delta.id)
    const name = nonBlank(wireName)
    const argumentsDelta = fn?.arguments
    const index = delta.index

    const resolution = this.resolveToolCall(
      wireId,
      index,
      name,
      name !== undefined && startsWithStructuredValue(argumentsDelta),
      // only read for a named delta with an id: not scanned otherwise
      wireId !== undefined && name !== undefined && (argumentsDelta == null || isBlank(argumentsDelta))
    )

    if (resolution === AMBIGUOUS) return out

    let toolCall: TrackedToolCall
    if (resolution === NEW) {
      // An unmatched blank-name delta cannot start a usable call (blank-name
      // continuations were correlated above).
      if (hasBlankName) return out
      const created = this.processNewToolCall(delta, wireId, index, name, out)
      if (created instanceof InvalidResponseDataError) return created
      toolCall = created
    } else {
      toolCall = resolution
      if (wireId !== undefined) this.associateWireId(toolCall, wireId)
      if (!toolCall.hasFinished && argumentsDelta != null) {
        toolCall.fragments.push(argumentsDelta)
        out.push({ type: "tool-input-delta", id: toolCall.id, delta: argumentsDelta })
      }
    }

    if (index != null) this.associateIndex(toolCall, index)
    return out
  }

  /**
   * Finalizes every unfinished call: `tool-input-end` then `tool-call`, per
   * call; ordered by `(index, creation)` when every call has an index, else
   * in creation order. Returns `out`.
   *
   * @since 0.1.0
   */
  flush(): Array<Part>
  flush<O extends PartSink>(out: O): O
  flush(out: PartSink = []): PartSink {
    let allIndexed = true
    for (const toolCall of this.toolCalls) {
      if (toolCall.index == null) {
        allIndexed = false
        break
      }
    }
    const ordered = allIndexed
      ? [...this.toolCalls].sort((a, b) => (a.index as number) - (b.index as number) || a.sequence - b.sequence)
      : this.toolCalls
    for (const toolCall of ordered) {
      if (!toolCall.hasFinished) this.finishToolCall(toolCall, out)
    }
    return out
  }

  private resolveToolCall(
    wireId: string | undefined,
    index: number | null | undefined,
    name: string | undefined,
    hasExplicitCallStart: boolean,
    hasEmptyArguments: boolean
  ): Resolution {
    const indexedToolCalls = index != null ? this.toolCallsByIndex.get(index) : undefined
    // The common continuation (an index, no id, no name) of a sole call at
    // that index: what the general path below returns, without its arrays.
    if (wireId === undefined && name === undefined && indexedToolCalls?.size === 1) {
      for (const only of indexedToolCalls) return only
    }
    const matchingIndexed = filterByName(indexedToolCalls, name)

    if (wireId !== undefined) {
      const toolCallsWithId = this.toolCallsById.get(wireId)

      if (toolCallsWithId !== undefined) {
        if (index != null) {
          const matching = matchingIndexed.filter((toolCall) => toolCallsWithId.has(toolCall))
          const resolved = resolveMatching(matching, hasExplicitCallStart)
          if (resolved !== NEW) return resolved
          // A distinct index beats a repeated id+name: providers reuse ids
          // across parallel calls.
          if (name !== undefined) return NEW
          if (indexedToolCalls !== undefined) return AMBIGUOUS
          return resolveMatching([...toolCallsWithId], false)
        }
        if (name !== undefined) {
          return resolveMatching(
            [...toolCallsWithId].filter((toolCall) => toolCall.name === name),
            hasExplicitCallStart
          )
        }
        return resolveMatching([...toolCallsWithId], false)
      }

      if (matchingIndexed.length > 0) {
        return hasExplicitCallStart
          ? NEW
          : resolveMatching(matchingIndexed, name !== undefined && hasEmptyArguments)
      }
      return NEW
    }

    if (indexedToolCalls !== undefined) return resolveMatching(matchingIndexed, hasExplicitCallStart)
    if (name !== undefined) return NEW
    return resolveMatching(this.toolCalls.filter((toolCall) => !toolCall.hasFinished), false)
  }

  private processNewToolCall(
    delta: D,
    wireId: string | undefined,
    index: number | null | undefined,
    name: string | undefined,
    out: PartSink
  ): TrackedToolCall | InvalidResponseDataError {
    if (
      (this.typeValidation === "required" && delta.type !== "function") ||
      (this.typeValidation === "if-present" && delta.type != null && delta.type !== "function")
    ) {
      return new InvalidResponseDataError({ data: delta, message: `Expected 'function' type.` })
    }
    if (name === undefined) {
      return new InvalidResponseDataError({ data: delta, message: `Expected 'function.name' to be a string.` })
    }

    const id = this.createToolCallId(wireId)
    out.push({ type: "tool-input-start", id, toolName: name })

    const metadata = this.extractMetadata?.(delta)
    const initialArguments = delta.function?.arguments ?? ""
    const toolCall: TrackedToolCall = {
      id,
      index: index ?? undefined,
      sequence: this.toolCalls.length,
      name,
      fragments: initialArguments.length > 0 ? [initialArguments] : [],
      argumentState: new ArgumentState(""),
      scanned: 0,
      hasFinished: false,
      metadata
    }
    this.toolCalls.push(toolCall)
    if (wireId !== undefined) this.associateWireId(toolCall, wireId)

    if (initialArguments.length > 0) {
      out.push({ type: "tool-input-delta", id, delta: initialArguments })
    }
    // No finalization here: a parsable prefix may still grow (upstream #13137).
    return toolCall
  }

  private associateWireId(toolCall: TrackedToolCall, wireId: string): void {
    let set = this.toolCallsById.get(wireId)
    if (set === undefined) {
      set = new Set()
      this.toolCallsById.set(wireId, set)
    }
    set.add(toolCall)
  }

  private associateIndex(toolCall: TrackedToolCall, index: number): void {
    let set = this.toolCallsByIndex.get(index)
    if (set === undefined) {
      set = new Set()
      this.toolCallsByIndex.set(index, set)
    }
    set.add(toolCall)
  }

  private createToolCallId(wireId: string | undefined): string {
    const used = this.usedToolCallIds
    if (wireId !== undefined && !used.has(wireId)) {
      used.add(wireId)
      return wireId
    }
    const generatedId = nonBlank(this.generateId()) ?? "tool-call"
    if (!used.has(generatedId)) {
      used.add(generatedId)
      return generatedId
    }
    // Resume after the last suffix tried for this value: deterministic
    // generators stay bounded without rescanning occupied suffixes. The
    // pigeonhole principle guarantees a free suffix within the bound.
    const initialSuffix = this.nextGeneratedIdSuffixes.get(generatedId) ?? 1
    let suffix = initialSuffix
    let suffixedId = `${generatedId}-${suffix}`
    while (used.has(suffixedId)) {
      suffix++
      suffixedId = `${generatedId}-${suffix}`
    }
    used.add(suffixedId)
    this.nextGeneratedIdSuffixes.set(generatedId, suffix + 1)
    return suffixedId
  }

  private finishToolCall(toolCall: TrackedToolCall, out: PartSink): void {
    out.push({ type: "tool-input-end", id: toolCall.id })
    const providerMetadata = this.buildToolCallProviderMetadata?.(toolCall.metadata)
    const fragments = toolCall.fragments
    const input = fragments.length === 1 ? fragments[0] : fragments.join("")
    out.push(
      providerMetadata
        ? { type: "tool-call", toolCallId: toolCall.id, toolName: toolCall.name, input, providerMetadata }
        : { type: "tool-call", toolCallId: toolCall.id, toolName: toolCall.name, input }
    )
    toolCall.hasFinished = true
  }
}

const nonBlank = (value: string | null | undefined): string | undefined =>
  value != null && !isBlank(value) ? value : undefined

const filterByName = (
  toolCalls: Set<TrackedToolCall> | undefined,
  name: string | undefined
): Array<TrackedToolCall> => {
  if (toolCalls === undefined) return []
  const result: Array<TrackedToolCall> = []
  for (const toolCall of toolCalls) {
    if (name === undefined || toolCall.name === name) result.push(toolCall)
  }
  return result
}

const hasCompleteStructuredValue = (toolCall: TrackedToolCall): boolean => {
  const fragments = toolCall.fragments
  const state = toolCall.argumentState
  while (toolCall.scanned < fragments.length) state.append(fragments[toolCall.scanned++])
  return state.hasCompleteStructuredValue
}

const resolveMatching = (toolCalls: Array<TrackedToolCall>, hasExplicitCallStart: boolean): Resolution => {
  if (toolCalls.length === 0) return NEW
  // A fresh structured prefix means another call only once the matching
  // call's own structured arguments are complete; without labels, a sole
  // call is the only viable continuation target.
  if (!hasExplicitCallStart && toolCalls.length === 1) return toolCalls[0]
  let continuable: TrackedToolCall | undefined
  let continuableCount = 0
  for (const toolCall of toolCalls) {
    if (!hasCompleteStructuredValue(toolCall)) {
      continuable = toolCall
      continuableCount++
    }
  }
  if (continuableCount === 1 && continuable !== undefined) return continuable
  if (continuableCount > 1 || !hasExplicitCallStart) return AMBIGUOUS
  return NEW
}

/**
 * Creates a tracker.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <D extends Delta = Delta>(options: Options<D> = {}): StreamingToolCallTracker<D> =>
  new StreamingToolCallTracker(options)

/**
 * A Stream combinator: deltas in, tracker parts out; the calls are flushed
 * when the input ends (not when it fails or is interrupted, as upstream's
 * TransformStream). Ids come from the `IdGenerator` service unless
 * `options.generateId` is given.
 *
 * @since 0.1.0
 * @category utils
 */
export const stream = <D extends Delta = Delta>(options: Omit<Options<D>, "generateId"> & {
  readonly generateId?: (() => string) | undefined
} = {}) =>
<E, R>(self: Stream.Stream<D, E, R>): Stream.Stream<Part, E | InvalidResponseDataError, R | IdGenerator> =>
  Stream.unwrap(
    Effect.map(IdGenerator, (ids) =>
      StreamTransform.transform(self, (): StreamTransform.Transformer<D, Part, InvalidResponseDataError> => {
        const tracker = make<D>({ ...options, generateId: options.generateId ?? ids.generate })
        return {
          onChunk: (chunk, out) => {
            for (let i = 0; i < chunk.length; i++) {
              const result = tracker.processDelta(chunk[i], out)
              if (result instanceof InvalidResponseDataError) return result
            }
            return undefined
          },
          onEnd: (out) => {
            tracker.flush(out)
            return undefined
          }
        }
      }))
  )
