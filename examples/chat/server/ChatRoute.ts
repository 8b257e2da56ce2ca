/**
 * `POST /api/chat`: what `useChat`'s `DefaultChatTransport` posts (`{ id, messages, trigger }`)
 * in, a UI message stream out. The handler validates the UI messages, converts them to model
 * messages, runs aimux `streamText` with the chat's tools and streams the answer back; everything
 * UI-specific goes through {@link ChatUi}.
 *
 * A client that goes away (the page's Stop button aborts the fetch) closes the socket; the HTTP
 * server interrupts the handler's fiber, which interrupts the run: the model stream stops being
 * read, no tool that was not already running starts, no further step calls the model.
 *
 * @since 0.3.0
 */
import { Effect, Stream } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { LanguageModel, StopCondition, StreamText } from "aimux"
import * as ChatTools from "./ChatTools.ts"
import * as ChatUi from "./ChatUi.ts"
import { ChatStats, outcomeOf } from "./ChatStats.ts"

/**
 * The system prompt (what a real model is told; the scripted model does not read it).
 *
 * @since 0.3.0
 * @category routes
 */
export const system =
  "You are the assistant of the aimux chat example. Answer briefly. Use the weather tool for weather " +
  "questions and sendEmail to send an email; the user approves every email before it is sent."

/**
 * The route, as a Layer on the `HttpRouter`; needs the model and the stats.
 *
 * @since 0.3.0
 * @category routes
 */
export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const model = yield* LanguageModel.LanguageModel
    const stats = yield* ChatStats
    const tools = ChatTools.make(stats)
    const handler = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const body = yield* request.json
      const messages = yield* ChatUi.validateMessages(body, tools)
      const modelMessages = yield* ChatUi.toModelMessages(messages, tools)
      const run = StreamText.streamText({
        system,
        messages: modelMessages,
        tools,
        stopWhen: StopCondition.isStepCount(5)
      }).pipe(
        Stream.provideService(LanguageModel.LanguageModel, model),
        Stream.onExit((exit) => {
          const outcome = outcomeOf(exit)
          return Effect.andThen(
            stats.runEnded(outcome),
            outcome === "interrupted" ? Effect.logInfo("the client went away: run interrupted") : Effect.void
          )
        })
      )
      return yield* ChatUi.response(run, { tools, originalMessages: messages })
    }).pipe(
      Effect.catchTag("ChatRequestError", (error) =>
        Effect.succeed(HttpServerResponse.jsonUnsafe({ error: error.message }, { status: 400 }))),
      Effect.catchTag("HttpServerError", () =>
        Effect.succeed(HttpServerResponse.jsonUnsafe({ error: "the request body is not JSON" }, { status: 400 })))
    )
    yield* router.add("POST", "/api/chat", handler)
  })
)
