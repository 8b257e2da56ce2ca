/**
 * The boundary between a stream-retried step's failed attempt and the next one, as seen by folds
 * over streamText's parts (the structured-output stages). Upstream's output transform resets its
 * state at a retry boundary part that never reaches the consumer; aimux's parts carry no such
 * part, so the first content part of each retried attempt is recorded here, by identity (parts
 * pass the output and text stages as they are; a user transform that copies that part loses the
 * mark, as for `retriedAttemptOf`).
 *
 * @internal
 */

const starts = new WeakSet<object>()

/**
 * Records `part` as the first part of a retried attempt.
 *
 * @internal
 */
export const markAttemptStart = (part: object): void => {
  starts.add(part)
}

/**
 * True when `part` is the first part of a retried attempt (partial outputs restart there).
 *
 * @internal
 */
export const startsAttempt = (part: object): boolean => starts.has(part)
