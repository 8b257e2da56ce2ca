/**
 * The script of a mock media model: a function of the options and the 0-based call index, one
 * result for every call, or one result per call in order (a missing one is a defect, as
 * upstream's mock throws).
 *
 * @internal
 */
import { Effect } from "effect"
import type { ModelError } from "../../contract/errors/index.ts"

/** @internal */
export type MediaScript<O, A> =
  | ((options: O, index: number) => Effect.Effect<A, ModelError> | A)
  | A
  | ReadonlyArray<A>

const isFunction = (u: unknown): u is Function => typeof u === "function"

/** @internal */
export const runScript = <O, A>(
  script: MediaScript<O, A> | undefined,
  calls: Array<O>,
  options: O
): Effect.Effect<A, ModelError> =>
  Effect.suspend(() => {
    const index = calls.length
    calls.push(options)
    if (script === undefined) return Effect.die(new Error("Not implemented"))
    if (isFunction(script)) {
      const value = script(options, index)
      return Effect.isEffect(value) ? value : Effect.succeed(value)
    }
    if (Array.isArray(script)) {
      return index < script.length ? Effect.succeed(script[index]) : Effect.die(new Error(`No scripted result for call ${index}`))
    }
    return Effect.succeed(script as A)
  })
