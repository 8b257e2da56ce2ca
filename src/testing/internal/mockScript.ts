/**
 * The script of a mock model method, shared by the mock models of every kind: a function of the
 * options and the 0-based call index, one result for every call, or one result per call in order.
 *
 * @internal
 */
import { Effect } from "effect"

/** A script for one method. @internal */
export type Script<O, A, E> =
  | ((options: O, index: number) => Effect.Effect<A, E> | A)
  | A
  | ReadonlyArray<A>

const isFunction = (u: unknown): u is Function => typeof u === "function"

/**
 * The result of call `index`; a missing script is a defect `Error("Not implemented")`, as upstream
 * throws.
 *
 * @internal
 */
export const pick = <O, A, E>(name: string, script: Script<O, A, E> | undefined, options: O, index: number): Effect.Effect<A, E> => {
  if (script === undefined) return Effect.die(new Error("Not implemented"))
  if (isFunction(script)) {
    return Effect.suspend(() => {
      const out = script(options, index)
      return Effect.isEffect(out) ? out : Effect.succeed(out)
    })
  }
  if (Array.isArray(script)) {
    const item: A | undefined = script[index]
    return item === undefined ? Effect.die(new Error(`${name}: no scripted result for call ${index}`)) : Effect.succeed(item)
  }
  return Effect.succeed(script as A)
}
