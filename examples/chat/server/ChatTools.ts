/**
 * The chat's two tools: a weather lookup (demo data, no network) that runs as soon as the model
 * calls it, and `sendEmail`, which needs the user's approval first (`needsApproval`) and only
 * puts the mail into an in-memory outbox. Every execution is counted in {@link ChatStats}, so a
 * test can see what ran and what did not (after a denial or a stopped run).
 *
 * @since 0.3.0
 */
import { Effect, Schema } from "effect"
import { Tool } from "aimux"
import type { ChatStats } from "./ChatStats.ts"

const knownCities: Readonly<Record<string, { readonly temperature: number; readonly conditions: string }>> = {
  lisbon: { temperature: 22, conditions: "sunny" },
  paris: { temperature: 14, conditions: "light rain" },
  tokyo: { temperature: 18, conditions: "cloudy" },
  berlin: { temperature: 11, conditions: "overcast" },
  "new york": { temperature: 9, conditions: "windy" }
}

const conditions = ["sunny", "cloudy", "light rain", "windy", "foggy"] as const

/** A fixed reading for a few cities; any other city gets one derived from its name. */
const reading = (city: string): { readonly temperature: number; readonly conditions: string } => {
  const known = knownCities[city.trim().toLowerCase()]
  if (known !== undefined) return known
  let hash = 0
  for (const char of city.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) % 997
  return { temperature: 5 + (hash % 25), conditions: conditions[hash % conditions.length] ?? "sunny" }
}

/**
 * The output of the weather tool.
 *
 * @since 0.3.0
 * @category tools
 */
export interface WeatherReport {
  readonly city: string
  readonly temperature: number
  readonly unit: "°C"
  readonly conditions: string
}

/**
 * The output of `sendEmail`.
 *
 * @since 0.3.0
 * @category tools
 */
export interface EmailReceipt {
  readonly sent: true
  readonly to: string
  readonly subject: string
  readonly messageId: string
}

/**
 * The chat's toolkit, counting executions into `stats`.
 *
 * @since 0.3.0
 * @category tools
 */
export const make = (stats: ChatStats["Service"]) => ({
  weather: Tool.make({
    description: "Get the current weather of a city",
    inputSchema: Schema.Struct({
      city: Schema.String.annotate({ description: "The city name, e.g. Lisbon" })
    }),
    execute: ({ city }): Effect.Effect<WeatherReport> =>
      Effect.andThen(stats.toolExecuted("weather"), Effect.sync(() => ({ city, unit: "°C" as const, ...reading(city) })))
  }),
  sendEmail: Tool.make({
    description: "Send an email on the user's behalf (the user must approve each email)",
    inputSchema: Schema.Struct({
      to: Schema.String.annotate({ description: "The recipient's address" }),
      subject: Schema.String,
      body: Schema.String
    }),
    needsApproval: true,
    execute: ({ subject, to }): Effect.Effect<EmailReceipt> =>
      Effect.map(stats.toolExecuted("sendEmail"), (count) => ({ sent: true as const, to, subject, messageId: `outbox-${count}` }))
  })
})

/**
 * The chat's toolkit type.
 *
 * @since 0.3.0
 * @category tools
 */
export type ChatTools = ReturnType<typeof make>
