/**
 * Durable agent runs on `effect/workflow` and `effect/cluster`, with PostgreSQL through
 * `effect/sql` (`@effect/sql-pg`): crash-resume, approvals from any process, many runners.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as DurableAgent from "./DurableAgent.ts"
/** @since 0.1.0 */
export * as DurableEngine from "./DurableEngine.ts"
/** @since 0.1.0 */
export * as DurableTool from "./DurableTool.ts"
/** @since 0.1.0 */
export * as RunStore from "./RunStore.ts"
/** @since 0.1.0 */
export * as Runs from "./Runs.ts"
