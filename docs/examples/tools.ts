/**
 * The example of docs/tools.md.
 */
import { Effect, Schema } from "effect"
import { Tool } from "aimux"

const weather = Tool.make({
  description: "Get the weather",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, temperature: 21 })
})
const tools = { weather }

export { tools }
