/**
 * The example of docs/errors.md ("Catching them"), with the values the doc leaves out declared
 * first.
 */
declare const url: string
declare const body: unknown
declare const retry: Effect.Effect<void>

import { Effect } from "effect"
import { Errors } from "aimux"

const program = Effect.gen(function*() {
  yield* new Errors.APICallError({ message: "Too Many Requests", url, requestBodyValues: body, statusCode: 429 })
})

program.pipe(
  Effect.catchTag("APICallError", (e) => e.isRetryable ? retry : Effect.fail(e))
)
