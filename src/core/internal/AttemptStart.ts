/**
 * The first part of each retried attempt, marked by identity: the engine marks it, the folds over
 * the parts (and `OutputStream`) ask, so that they reset their per-attempt state before it.
 *
 * @internal
 */

// the first part a retried attempt emits, by identity (upstream's retry boundary part, which never
// reaches the public stream, comes right before it)
const attemptStarts = new WeakSet<object>()

/** Records the first part a retried attempt emits (where upstream's retry boundary is). @internal */
export const markAttemptStart = (part: object): void => {
  attemptStarts.add(part)
}

/**
 * True for the first part of a retried attempt: the folds over the parts (the output transform,
 * partial outputs, the text stage) reset their per-attempt state before it, as upstream's
 * `resetOutputState` on the retry boundary.
 *
 * @internal
 */
export const startsAttempt = (part: object): boolean => attemptStarts.has(part)
