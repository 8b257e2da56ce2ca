/**
 * The chat's one contact with the UI message stream library: validating the posted UI messages,
 * converting them to model messages, and answering with the UI message stream. Kept in one
 * module so the route reads the same whichever library implements these three steps.
 *
 * INTERIM: bridged through upstream `ai` until aimux's `src/ui/` lands (then this file switches).
 *
 * @since 0.3.0
 */
import { Effect, Schema, type Stream } from "effect"
import type { HttpServerResponse } from "effect/http"
import * as Ai from "ai"
import type { StreamText } from "aimux"
import { ToUIMessageStream, UIMessage, UIMessageStreamResponse } from "aimux/ui"
import type { ChatTools } from "./ChatTools.ts"

/**
 * Why a posted conversation was refused (answered with a 400).
 *
 * @since 0.3.0
 * @category ui
 */
export class ChatRequestError extends Schema.TaggedError<ChatRequestError>()("ChatRequestError", {
  message: Schema.String
}) {}

/**
 * The validated UI messages of a request.
 *
 * @since 0.3.0
 * @category ui
 */
export type Messages = ReadonlyArray<UIMessage.UIMessage>

const Body = Schema.Struct({ messages: Schema.Array(UIMessage.UIMessage) })

/**
 * Validates the `messages` of a posted body.
 *
 * @since 0.3.0
 * @category ui
 */
export const validateMessages = (body: unknown, _tools: ChatTools): Effect.Effect<Messages, ChatRequestError> =>
  Effect.mapBoth(Schema.decodeUnknownEffect(Body)(body), {
    onFailure: (issue) => new ChatRequestError({ message: String(issue) }),
    onSuccess: ({ messages }) => messages
  })

type ModelMessages = NonNullable<StreamText.StreamTextOptions<ChatTools, never>["messages"]>

/**
 * The model messages of a conversation.
 *
 * @since 0.3.0
 * @category ui
 */
export const toModelMessages = (messages: Messages, _tools: ChatTools): Effect.Effect<ModelMessages, ChatRequestError> =>
  Effect.tryPromise({
    try: () => Ai.convertToModelMessages([...messages] as any) as Promise<any>,
    catch: (error) => new ChatRequestError({ message: error instanceof Error ? error.message : String(error) })
  })

/**
 * The UI message stream of a run, as an SSE response with upstream's headers.
 *
 * @since 0.3.0
 * @category ui
 */
export const response = <E>(
  run: Stream.Stream<StreamText.TextStreamPart<ChatTools>, E>,
  options: { readonly tools: ChatTools; readonly originalMessages: Messages }
): Effect.Effect<HttpServerResponse.HttpServerResponse, never> =>
  UIMessageStreamResponse.toResponse(
    ToUIMessageStream.toUIMessageStream({ stream: run, tools: options.tools, originalMessages: options.originalMessages })
  ).pipe(Effect.orDie)
