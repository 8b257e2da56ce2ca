/**
 * Which `streamText` runs must keep their steps' content (text, reasoning, tool calls, files,
 * sources): the retention rules of the default mode and of the low-memory mode.
 *
 * `streamText` is a cold `Stream`: its aggregated values (`collect`, `withResult`, `aggregate`)
 * are folds over the parts the consumer pulls, not over what the step loop keeps. What the step
 * loop keeps of a step's content is read only by:
 * - `onStepEnd`/`onStepFinish` (the step), `onEnd`/`onFinish` (the steps, response messages),
 *   `onAbort` (the steps);
 * - `onLanguageModelCallEnd` and its `experimental_` alias (the call's content);
 * - `stopWhen` (the steps) and, when it lets the run go on, the next step: its prompt (the
 *   assistant message), `prepareStep` and `onStepStart` (the steps before it). Without `stopWhen`
 *   the run stops after its first step (upstream's default `stepCountIs(1)`), so tools alone can
 *   never lead to a next step;
 * - `streamRetries`: a retried step's `finish-step` part carries its successful attempt's content
 *   for the fold;
 * - `recordContent: true`: the final step's text as the span attribute `gen_ai.response.text`.
 *
 * Everything else a run emits is its parts, which are built as the model streams and do not
 * depend on what is kept. So the default mode keeps content only when one of those is given,
 * and a run without any of them streams in constant memory whatever its length, with the same
 * parts and the same folds.
 *
 * @internal
 */

/** The options the rules look at (a structural view of `StreamTextOptions`). */
export interface RetentionOptions {
  readonly tools?: Readonly<Record<string, unknown>> | undefined
  readonly toolChoice?: unknown
  readonly output?: unknown
  readonly prepareStep?: unknown
  readonly stopWhen?: unknown
  readonly streamRetries?: number | undefined
  readonly recordContent?: boolean | undefined
  readonly onEnd?: unknown
  readonly onFinish?: unknown
  readonly onStepEnd?: unknown
  readonly onStepFinish?: unknown
  readonly onAbort?: unknown
  readonly onLanguageModelCallEnd?: unknown
  readonly experimental_onLanguageModelCallEnd?: unknown
}

/** A callback that receives steps or content. */
const observingCallback = (options: RetentionOptions): boolean =>
  options.onEnd !== undefined ||
  options.onFinish !== undefined ||
  options.onStepEnd !== undefined ||
  options.onStepFinish !== undefined ||
  options.onAbort !== undefined ||
  options.onLanguageModelCallEnd !== undefined ||
  options.experimental_onLanguageModelCallEnd !== undefined

/**
 * The low-memory mode's rule (upstream `streamTextLowMemory`, without telemetry integrations,
 * which aimux does not have): decided before the run from the options, as upstream does; it also
 * counts tools, a tool choice, structured output and `prepareStep`, which upstream's result
 * object could expose.
 *
 * @internal
 */
export const lowMemoryCollects = (options: RetentionOptions): boolean =>
  (options.tools !== undefined && Object.keys(options.tools).length > 0) ||
  options.toolChoice !== undefined ||
  options.output !== undefined ||
  options.prepareStep !== undefined ||
  options.stopWhen !== undefined ||
  observingCallback(options)

/**
 * The default mode's rule: content is kept exactly when something listed above can read it.
 *
 * @internal
 */
export const defaultCollects = (options: RetentionOptions): boolean =>
  options.stopWhen !== undefined ||
  options.streamRetries !== undefined ||
  options.recordContent === true ||
  observingCallback(options)
