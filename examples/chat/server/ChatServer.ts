/**
 * The chat server: effect's `HttpRouter` with the `/api/chat` route and the built page served
 * statically, on `@effect/platform-node`'s `NodeHttpServer` (127.0.0.1 by default).
 *
 * @since 0.3.0
 */
import { createServer } from "node:http"
import { Context, Effect, Layer, type Scope } from "effect"
import { HttpRouter, HttpServer, HttpStaticServer } from "effect/http"
import { NodeHttpServer } from "@effect/platform-node"
import type { LanguageModel } from "aimux"
import { observe } from "./ChatModel.ts"
import * as ChatRoute from "./ChatRoute.ts"
import { ChatStats } from "./ChatStats.ts"

/**
 * Options of {@link layer} and {@link start}.
 *
 * @since 0.3.0
 * @category server
 */
export interface Options {
  /** The folder of the built page (`index.html`, `assets/`). */
  readonly root: string
  /** The model the chat talks to. */
  readonly model: Layer.Layer<LanguageModel.LanguageModel, unknown>
  /** Default 0: a free port chosen by the OS. */
  readonly port?: number | undefined
  /** Default 127.0.0.1. */
  readonly host?: string | undefined
  /** Log each request (default false). */
  readonly logRequests?: boolean | undefined
}

/**
 * The server as a Layer: it listens while the Layer is alive and provides the {@link ChatStats}
 * it counts into and the `HttpServer` (its address).
 *
 * @since 0.3.0
 * @category server
 */
export const layer = (options: Options) => {
  const app = Layer.mergeAll(ChatRoute.layer, HttpStaticServer.layer({ root: options.root }))
  return HttpRouter.serve(app, { disableLogger: options.logRequests !== true, disableListenLog: true }).pipe(
    Layer.provide(observe(options.model)),
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: options.port ?? 0, host: options.host ?? "127.0.0.1" })),
    Layer.provideMerge(ChatStats.layer)
  )
}

/**
 * A running server: its URL and what it counted.
 *
 * @since 0.3.0
 * @category server
 */
export interface Running {
  readonly url: string
  readonly stats: ChatStats["Service"]
}

/**
 * Starts the server in the current scope (closing the scope stops it).
 *
 * @since 0.3.0
 * @category server
 */
export const start = (options: Options): Effect.Effect<Running, unknown, Scope.Scope> =>
  Effect.gen(function*() {
    const context = yield* Layer.build(layer(options))
    const server = Context.get(context, HttpServer.HttpServer)
    return { url: HttpServer.formatAddress(server.address), stats: Context.get(context, ChatStats) }
  })
