/**
 * A loopback model API for tests and the demo (`aimux demo`): a real `node:http` server on 127.0.0.1 (port
 * chosen by the OS) that answers each POST with the next recorded SSE body, one
 * event per write, after checking that the request is the one the recording
 * answers. A request that does not pass its check gets a 400 in the provider's
 * error format, so the client sees exactly what a real API would do.
 *
 * @since 0.1.0
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { Effect, type Scope } from "effect"

/**
 * One recorded exchange: a check of the request body (`undefined` = accepted,
 * else why not) and the SSE body that answers it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Exchange {
  readonly check: (body: unknown) => string | undefined
  readonly sse: string
}

/**
 * What the server serves: the request path, the exchanges in order, the
 * provider's error body for a rejected request, and the pause between events.
 *
 * @since 0.1.0
 * @category models
 */
export interface Script {
  readonly path: string
  readonly exchanges: ReadonlyArray<Exchange>
  readonly errorBody: (message: string) => unknown
  readonly eventDelayMs: number
}

/**
 * A request the server received, with the status it answered.
 *
 * @since 0.1.0
 * @category models
 */
export interface Received {
  readonly path: string
  readonly body: unknown
  readonly status: number
}

/**
 * A running server: its base URL (`http://127.0.0.1:<port>`) and the requests so far.
 *
 * @since 0.1.0
 * @category models
 */
export interface Running {
  readonly url: string
  readonly received: ReadonlyArray<Received>
}

/** Splits an SSE body after each blank line, so every write carries whole events. */
const events = (sse: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  let start = 0
  for (let end = sse.indexOf("\n\n"); end !== -1; end = sse.indexOf("\n\n", start)) {
    out.push(sse.slice(start, end + 2))
    start = end + 2
  }
  if (start < sse.length) out.push(sse.slice(start))
  return out
}

const readBody = (request: IncomingMessage, done: (text: string) => void): void => {
  const chunks: Array<Buffer> = []
  request.on("data", (chunk: Buffer) => chunks.push(chunk))
  request.on("end", () => done(Buffer.concat(chunks).toString("utf8")))
}

const parseJson = (text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

const streamEvents = (response: ServerResponse, parts: ReadonlyArray<string>, delayMs: number): void => {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" })
  let index = 0
  const next = (): void => {
    if (response.destroyed) return
    const part = parts[index++]
    if (part === undefined) {
      response.end()
      return
    }
    response.write(part)
    if (delayMs > 0) setTimeout(next, delayMs)
    else setImmediate(next)
  }
  next()
}

/**
 * Starts the server in the current scope; closing the scope stops it and
 * drops any open connection.
 *
 * @since 0.1.0
 * @category testing
 */
export const start = (script: Script): Effect.Effect<Running, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.callback<{ readonly running: Running; readonly close: () => void }>((resume) => {
      const received: Array<Received> = []
      let turns = 0
      const server = createServer((request, response) => {
        const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname
        readBody(request, (text) => {
          const record = (body: unknown, status: number) => received.push({ path, body, status })
          if (request.method !== "POST" || path !== script.path) {
            record(text, 404)
            return sendJson(response, 404, script.errorBody(`no route for ${request.method ?? "?"} ${path}`))
          }
          const parsed = parseJson(text)
          if (!parsed.ok) {
            record(text, 400)
            return sendJson(response, 400, script.errorBody("the request body is not JSON"))
          }
          const index = turns++
          const exchange = script.exchanges[index]
          const problem = exchange === undefined
            ? `the replay has ${script.exchanges.length} recorded turns; request ${index + 1} has no answer`
            : exchange.check(parsed.value)
          if (exchange === undefined || problem !== undefined) {
            record(parsed.value, 400)
            return sendJson(response, 400, script.errorBody(`replay request ${index + 1}: ${problem}`))
          }
          record(parsed.value, 200)
          streamEvents(response, events(exchange.sse), script.eventDelayMs)
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed({
          running: { url: `http://127.0.0.1:${port}`, received },
          close: () => {
            server.closeAllConnections()
            server.close()
          }
        }))
      })
    }),
    ({ close }) => Effect.sync(close)
  ).pipe(Effect.map(({ running }) => running))
