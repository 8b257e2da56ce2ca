/**
 * The chat's one contact with the UI message stream library: validating the posted UI messages,
 * converting them to model messages, and answering with the UI message stream. Kept in one
 * module so the route reads the same whichever library implements these three steps.
 *
 * @since 0.3.0
 */
import { Effect, Schema, type Stream } from "effect"
import type { HttpServerResponse } from "effect/http"
import type { StreamText } from "aimux"
import { ConvertToModelMessages, ToUIMessageStream, type UIMessage, UIMessageStreamResponse, ValidateUIMessages } from "aimux/ui"
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

const Body = Schema.Struct({ messages: Schema.Unknown })

const refused = (error: { readonly message: string }) => new ChatRequestError({ message: error.message })

/**
 * Validates the `messages` of a posted body (`useChat` posts `{ id, messages, trigger }`)
 * against the UI message Schemas and the tools' input and output schemas.
 *
 * @since 0.3.0
 * @category ui
 */
export const validateMessages = (body: unknown, tools: ChatTools): Effect.Effect<Messages, ChatRequestError> =>
  Schema.decodeUnknownEffect(Body)(body).pipe(
    Effect.mapError((issue) => new ChatRequestError({ message: `expected { messages }: ${String(issue)}` })),
    Effect.flatMap(({ messages }) => Effect.mapError(ValidateUIMessages.validateUIMessages({ messages, tools }), refused))
  )

type ModelMessages = NonNullable<StreamText.StreamTextOptions<ChatTools, never>["messages"]>

/**
 * The model messages of a conversation (tool parts, approvals and their answers included).
 *
 * @since 0.3.0
 * @category ui
 */
export const toModelMessages = (messages: Messages, tools: ChatTools): Effect.Effect<ModelMessages, ChatRequestError> =>
  Effect.mapError(ConvertToModelMessages.convertToModelMessages(messages, { tools }), refused)

/**
 * The UI message stream of a run, as an SSE response with upstream's headers. `originalMessages`
 * makes a continuation (after an approval) extend the assistant message the page already shows.
 *
 * @since 0.3.0
 * @category ui
 */
export const response = <E>(
  run: Stream.Stream<StreamText.TextStreamPart<ChatTools>, E>,
  options: { readonly tools: ChatTools; readonly originalMessages: Messages }
): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  UIMessageStreamResponse.toResponse(
    ToUIMessageStream.toUIMessageStream({ stream: run, tools: options.tools, originalMessages: options.originalMessages })
  ).pipe(
    // only an invalid keepAliveMs fails, and none is given
    Effect.orDie
  )
