/**
 * How structured output plugs into generateText and streamText without living in their loops:
 *
 * - the model service is wrapped so that every call of the run carries the output's response
 *   format (upstream `responseFormat: await output?.responseFormat` on each step), and so that
 *   the last `generate` result's `structuredOutputText` is known;
 * - generateText's result gains `output` (upstream's parse after `onEnd`, same condition);
 * - streamText's text deltas are coalesced as upstream's output transform does (a delta that does
 *   not change the partial output is held back and sent with the next one that does).
 *
 * Types are structural so that this module imports neither GenerateText nor StreamText.
 *
 * @internal
 */
import { Effect, Stream } from "effect"
import { LanguageModel, type Service as LanguageModelService } from "../../LanguageModel.ts"
import type { ResponseFormat } from "../../contract/CallOptions.ts"
import type { CoreInvalidArgumentError } from "../../contract/errors/CoreInvalidArgumentError.ts"
import type { NoObjectGeneratedError } from "../../contract/errors/NoObjectGeneratedError.ts"
import type { UnifiedFinishReason } from "../../contract/FinishReason.ts"
import type { ProviderMetadata } from "../../contract/ProviderMetadata.ts"
import type { LanguageModelUsage } from "../CoreUsage.ts"
import * as Output from "../Output.ts"
import { markAttemptStart, startsAttempt } from "../internal/AttemptStart.ts"

/** The model with the response format set on every call. */
const wrapModel = (
  model: LanguageModelService,
  responseFormat: ResponseFormat,
  onGenerate: (structuredOutputText: string | undefined) => void
): LanguageModelService => ({
  ...model,
  generate: (options) =>
    Effect.tap(model.generate({ ...options, responseFormat }), (result) => Effect.sync(() => onGenerate(result.structuredOutputText))),
  stream: (options) => model.stream({ ...options, responseFormat })
})

/** The last step as the output parse reads it. */
interface StepLike {
  readonly finishReason: UnifiedFinishReason
  readonly text: string
  readonly usage: LanguageModelUsage
  readonly response: unknown
}

/**
 * A result with its structured output: `undefined` where upstream's `output` getter throws
 * `NoOutputGeneratedError` (the last step ended with tool calls, or without text and not `stop`).
 *
 * @internal
 */
export type WithOutput<Result, A> = Result & { readonly output: A | undefined }

/**
 * Runs a generateText run with the output's response format on every call and adds `output`.
 *
 * @internal
 */
export const withGenerateOutput = <Result extends { readonly steps: ReadonlyArray<StepLike> }, O extends Output.Any, E, R>(
  output: O | undefined,
  run: Effect.Effect<Result, E, R>
): Effect.Effect<
  WithOutput<Result, Output.CompleteOf<O>>,
  E | NoObjectGeneratedError | CoreInvalidArgumentError,
  R | LanguageModel
> => {
  const spec: Output.Any = output ?? Output.text()
  return Effect.gen(function*() {
    // without an output, upstream sends no response format (undefined) and parses as text
    const responseFormat = output === undefined ? undefined : yield* output.responseFormat
    let structuredOutputText: string | undefined = undefined
    const model = yield* LanguageModel
    const result = responseFormat === undefined
      ? yield* run
      : yield* Effect.provideService(
        run,
        LanguageModel,
        wrapModel(model, responseFormat, (text) => {
          structuredOutputText = text
        })
      )
    const last = result.steps[result.steps.length - 1]
    if (last === undefined) return { ...result, output: undefined }
    if (!(last.finishReason === "stop" || (last.finishReason !== "tool-calls" && last.text.length > 0))) {
      return { ...result, output: undefined }
    }
    const text = responseFormat?.type === "json" ? (structuredOutputText ?? last.text) : last.text
    const parsed = yield* spec.parseCompleteOutput(text, {
      response: last.response,
      usage: last.usage,
      finishReason: last.finishReason
    })
    return { ...result, output: completeOf<O>(parsed) }
  })
}

/**
 * The parsed value typed as the specification's complete type. The one assertion of the wiring:
 * the value comes from `O`'s own `parseCompleteOutput`, or from `Output.text()` when no output
 * was given, where `O` defaults to the text output.
 */
const completeOf = <O extends Output.Any>(value: unknown): Output.CompleteOf<O> => value as Output.CompleteOf<O>

/**
 * A text delta as the output transform emits it.
 *
 * @internal
 */
export interface TextDeltaLike {
  readonly type: "text-delta"
  readonly id: string
  readonly text: string
  readonly providerMetadata?: ProviderMetadata | undefined
}

interface TextLike {
  readonly type: "text-start" | "text-delta" | "text-end"
  readonly id: string
  readonly text?: string | undefined
  readonly providerMetadata?: ProviderMetadata | undefined
}

const isTextLike = <P extends { readonly type: string }>(part: P): part is P & TextLike =>
  (part.type === "text-start" || part.type === "text-delta" || part.type === "text-end") && "id" in part &&
  typeof part.id === "string"

/**
 * The streamText wiring: the response format on every call and, with an output, upstream's text
 * delta coalescing (per step, on the step's first text part only).
 *
 * @internal
 */
export const withStreamOutput = <P extends { readonly type: string }, E, R>(
  output: Output.Any | undefined,
  stream: Stream.Stream<P, E, R>
): Stream.Stream<P | TextDeltaLike | ErrorLike, E, R | LanguageModel> => {
  if (output === undefined) return stream
  return Stream.unwrap(Effect.matchEffect(output.responseFormat, {
    // an invalid output specification (upstream throws when it is built) ends the run with an error part
    onFailure: (error): Effect.Effect<Stream.Stream<P | TextDeltaLike | ErrorLike, E, R>> =>
      Effect.succeed(Stream.succeed<ErrorLike>({ type: "error", error })),
    onSuccess: (responseFormat) =>
      Effect.map(LanguageModel, (model): Stream.Stream<P | TextDeltaLike | ErrorLike, E, R> => {
        const provided = Stream.provideService(stream, LanguageModel, wrapModel(model, responseFormat, () => {}))
        return Stream.suspend(() => Stream.flattenIterable(Stream.map(provided, makeCoalescer<P>(output))))
      })
  }))
}

/**
 * An error part.
 *
 * @internal
 */
export interface ErrorLike {
  readonly type: "error"
  readonly error: unknown
}

/** Upstream `createOutputTransformStream`'s text handling, one part at a time. */
const makeCoalescer = <P extends { readonly type: string }>(output: Output.Any) => {
  let firstTextId: string | undefined = undefined
  let parser = output.makePartialParser()
  let chunk = ""
  let chunkProviderMetadata: ProviderMetadata | undefined = undefined
  const flush = (): TextDeltaLike => {
    const part: TextDeltaLike = { type: "text-delta", id: firstTextId ?? "", text: chunk, providerMetadata: chunkProviderMetadata }
    chunk = ""
    return part
  }
  const coalesce = (part: P): ReadonlyArray<P | TextDeltaLike> => {
    // a step, and a stream retry's attempt, start with a fresh output state (upstream resetOutputState)
    if (part.type === "start-step" || startsAttempt(part)) {
      firstTextId = undefined
      parser = output.makePartialParser()
      chunk = ""
      chunkProviderMetadata = undefined
    }
    if (part.type === "finish-step" && chunk.length > 0) return [flush(), part]
    if (!isTextLike(part)) return [part]
    if (firstTextId === undefined) firstTextId = part.id
    else if (part.id !== firstTextId) return [part]
    if (part.type === "text-start") return [part]
    if (part.type === "text-end") return chunk.length > 0 ? [flush(), part] : [part]
    const delta = part.text ?? ""
    chunk += delta
    chunkProviderMetadata = part.providerMetadata ?? chunkProviderMetadata
    if (delta.length === 0 && part.providerMetadata != null) return [part]
    return parser.push(delta) === undefined ? [] : [flush()]
  }
  // a held-back attempt start passes its mark on to the first part that goes out
  let carryAttemptStart = false
  return (part: P): ReadonlyArray<P | TextDeltaLike> => {
    if (!carryAttemptStart && !startsAttempt(part)) return coalesce(part)
    const out = coalesce(part)
    carryAttemptStart = out.length === 0
    if (out.length > 0) markAttemptStart(out[0]!)
    return out
  }
}
