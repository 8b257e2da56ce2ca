/**
 * OpenTelemetry-style tracing of generations, steps, tools, embeddings and reranking on Effect's tracer
 * (upstream `ai` 7's `telemetry` option with the `@ai-sdk/otel` `LegacyOpenTelemetry`
 * integration: the `ai.*` span names and the `ai.*` / `gen_ai.*` attributes). Spans go through
 * whatever `Tracer` the program provides — `@effect/opentelemetry`'s `NodeSdk.layer` sends them to
 * any OpenTelemetry exporter.
 *
 * Tracing is off unless {@link layer} is provided (upstream `registerTelemetry`) or a call sets
 * `telemetry: { isEnabled: true }`; a call's `isEnabled: false` turns it off under the layer.
 * Inputs and outputs are recorded unless `recordInputs` / `recordOutputs` is `false` (upstream's
 * defaults); request headers are recorded except credential headers, provider credentials never
 * (they are added by the providers below the events telemetry sees). A traced call also records
 * the metrics of `TelemetryMetrics.ts`. The worked example: `docs/telemetry.md`.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"
import type { Recording } from "./internal/TelemetryAttributes.ts"

/**
 * The per-call `telemetry` option (upstream `TelemetryOptions`, without `integrations`: the
 * Tracer in the Effect context is the integration).
 *
 * @since 0.1.0
 * @category models
 */
export interface TelemetrySettings {
  /** Turn tracing on (without {@link layer}) or off (under it) for this call. */
  readonly isEnabled?: boolean | undefined
  /** Record prompts, tool inputs and embedded values (default `true`). */
  readonly recordInputs?: boolean | undefined
  /** Record responses, tool results and embeddings (default `true`). */
  readonly recordOutputs?: boolean | undefined
  /** Groups the spans of one function: `operation.name`, `resource.name`, `ai.telemetry.functionId`. */
  readonly functionId?: string | undefined
  /** The top-level runtime context keys recorded as `ai.settings.context.*` (only those set to `true`). */
  readonly includeRuntimeContext?: Readonly<Record<string, boolean | undefined>> | undefined
}

/**
 * What {@link layer} registers: tracing on, with defaults every call's settings override.
 *
 * @since 0.1.0
 * @category models
 */
export interface Registration {
  readonly enabled: boolean
  readonly defaults: TelemetrySettings
}

/**
 * The registered telemetry (a `Context.Reference`: off unless {@link layer} is provided).
 *
 * @since 0.1.0
 * @category services
 */
export const Telemetry: Context.Reference<Registration> = Context.Reference<Registration>("aimux/core/Telemetry", {
  defaultValue: () => ({ enabled: false, defaults: {} })
})

/**
 * Traces every generation and embedding of the program (upstream `registerTelemetry`), with
 * defaults a call's `telemetry` option overrides key by key.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (defaults: TelemetrySettings = {}): Layer.Layer<never> =>
  Layer.succeed(Telemetry, { enabled: true, defaults })

/**
 * A call's resolved telemetry: what is recorded, or `undefined` when the call is not traced.
 *
 * @since 0.1.0
 * @category models
 */
export interface Resolved extends Recording {
  readonly includeRuntimeContext: Readonly<Record<string, boolean | undefined>> | undefined
}

/**
 * Resolves a call's `telemetry` (and upstream's older `experimental_telemetry`) against the
 * registration.
 *
 * @since 0.1.0
 * @category constructors
 */
export const resolve = (settings: TelemetrySettings | undefined): Effect.Effect<Resolved | undefined> =>
  Effect.map(Telemetry, (registration) => {
    const enabled = settings?.isEnabled ?? registration.defaults.isEnabled ?? registration.enabled
    if (!enabled) return undefined
    const defaults = registration.defaults
    return {
      recordInputs: settings?.recordInputs ?? defaults.recordInputs ?? true,
      recordOutputs: settings?.recordOutputs ?? defaults.recordOutputs ?? true,
      functionId: settings?.functionId ?? defaults.functionId,
      includeRuntimeContext: settings?.includeRuntimeContext ?? defaults.includeRuntimeContext
    }
  })
