/**
 * Running user callbacks of a generation.
 *
 * @internal
 */
import { Effect } from "effect"

/**
 * Runs an optional callback and drops its failure or defect (upstream `notify` swallows callback
 * errors): a failing callback never corrupts the stream nor replaces the generation's own result
 * or error. Interruption still propagates.
 *
 * @internal
 */
export const notify = <A>(callback: ((a: A) => Effect.Effect<void, unknown>) | undefined, a: A): Effect.Effect<void> =>
  callback === undefined ? Effect.void : Effect.ignoreCause(Effect.suspend(() => callback(a)))
