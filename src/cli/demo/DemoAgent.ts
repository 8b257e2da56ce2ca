/**
 * The demo agent: one question that needs both tools, answered by `streamText`
 * in as many steps as the model needs (at most five).
 *
 * @since 0.1.0
 */
import * as StopCondition from "../../core/StopCondition.ts"
import type { Effect } from "effect"
import * as StreamText from "../../core/StreamText.ts"
import type * as Tool from "../../core/Tool.ts"
import { tools } from "./DemoTools.ts"

/**
 * The system prompt.
 *
 * @since 0.1.0
 * @category constants
 */
export const system = "You are a concise assistant. Use the weather tool for weather and the calculator for arithmetic."

/**
 * The user's question.
 *
 * @since 0.1.0
 * @category cli
 */
export const prompt =
  "I'm in Lisbon with three friends. What's the weather like there, and if dinner for the four of us costs 187.40 EUR, how much does each of us pay?"

/**
 * The agent's full stream (needs a `LanguageModel`). `extraTools` (an MCP server's, `--mcp`) are
 * offered too; the demo's own tools win a name clash.
 *
 * @since 0.1.0
 * @category cli
 */
export const run = (options: {
  readonly maxRetries?: number | undefined
  readonly onError?: ((event: StreamText.ErrorEvent) => Effect.Effect<void>) | undefined
  readonly extraTools?: { readonly [name: string]: Tool.DynamicTool<never> } | undefined
} = {}) =>
  StreamText.streamText({
    system,
    prompt,
    tools: { ...options.extraTools, ...tools },
    stopWhen: StopCondition.isStepCount(5),
    maxRetries: options.maxRetries,
    ...(options.onError !== undefined && { onError: options.onError })
  })
