/**
 * The two tools of the demo agent: a weather lookup (demo data, no network) and
 * a calculator. Both take Effect Schema inputs, so the model's arguments are
 * validated before a tool runs.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import * as Tool from "../../core/Tool.ts"

/**
 * The weather tool's demo data: a few cities with fixed readings; any other
 * city gets a reading derived from its name, so live runs always get an answer.
 */
const knownCities: Readonly<Record<string, { readonly temperature: number; readonly conditions: string }>> = {
  lisbon: { temperature: 22, conditions: "sunny" },
  paris: { temperature: 14, conditions: "light rain" },
  tokyo: { temperature: 18, conditions: "cloudy" },
  "new york": { temperature: 9, conditions: "windy" }
}

const conditions = ["sunny", "cloudy", "light rain", "windy", "foggy"] as const

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
 * @since 0.1.0
 * @category models
 */
export interface WeatherReport {
  readonly city: string
  readonly temperature: number
  readonly unit: "°C"
  readonly conditions: string
}

/**
 * Weather lookup by city name (demo data).
 *
 * @since 0.1.0
 * @category tools
 */
export const weather = Tool.make({
  description: "Get the current weather of a city",
  inputSchema: Schema.Struct({
    city: Schema.String.annotate({ description: "The city name, e.g. Lisbon" })
  }),
  execute: ({ city }): Effect.Effect<WeatherReport> =>
    Effect.sync(() => ({ city, unit: "°C" as const, ...reading(city) }))
})

/**
 * Why the calculator refused an input.
 *
 * @since 0.1.0
 * @category errors
 */
export class CalculatorError extends Schema.TaggedError<CalculatorError>()("CalculatorError", {
  message: Schema.String
}) {}

const symbols = { add: "+", subtract: "-", multiply: "*", divide: "/" } as const

/**
 * The output of the calculator tool.
 *
 * @since 0.1.0
 * @category models
 */
export interface Calculation {
  readonly expression: string
  readonly result: number
}

/**
 * Arithmetic on two numbers; division by zero is a tool error.
 *
 * @since 0.1.0
 * @category tools
 */
export const calculator = Tool.make({
  description: "Apply an arithmetic operation to two numbers",
  inputSchema: Schema.Struct({
    operation: Schema.Literals(["add", "subtract", "multiply", "divide"]),
    a: Schema.Number,
    b: Schema.Number
  }),
  execute: ({ a, b, operation }): Effect.Effect<Calculation, CalculatorError> => {
    if (operation === "divide" && b === 0) {
      return Effect.fail(new CalculatorError({ message: "division by zero" }))
    }
    const result = operation === "add"
      ? a + b
      : operation === "subtract"
      ? a - b
      : operation === "multiply"
      ? a * b
      : a / b
    return Effect.succeed({ expression: `${a} ${symbols[operation]} ${b}`, result })
  }
})

/**
 * The demo's toolkit.
 *
 * @since 0.1.0
 * @category tools
 */
export const tools = { weather, calculator }
