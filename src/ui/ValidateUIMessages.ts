/**
 * `validateUIMessages` / `safeValidateUIMessages` (upstream `ai/src/ui/validate-ui-messages.ts`):
 * untrusted UI messages (a request body) checked against the UI message Schemas, then, when given,
 * the metadata Schema, the data part Schemas and the tools' input (and output) schemas. Errors
 * are upstream's: `InvalidArgumentError` without messages, `TypeValidationError` with upstream's
 * value and context otherwise.
 *
 * @since 0.3.0
 */
import { Cause, Effect, Schema } from "effect"
import { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import { TypeValidationError } from "../contract/errors/TypeValidationError.ts"
import type * as Toolkit from "../core/Toolkit.ts"
import { safeValidate } from "../core/ValidateTypes.ts"
import { isDeepEqualData } from "../core/approval/ToolApproval.ts"
import * as UIMessage from "./UIMessage.ts"

/**
 * What validation may fail with.
 *
 * @since 0.3.0
 * @category models
 */
export type ValidationError = CoreInvalidArgumentError | TypeValidationError

/**
 * The result of {@link safeValidateUIMessages} (upstream `SafeValidateUIMessagesResult`).
 *
 * @since 0.3.0
 * @category models
 */
export type Result =
  | { readonly success: true; readonly data: ReadonlyArray<UIMessage.UIMessage> }
  | { readonly success: false; readonly error: ValidationError }

/**
 * Options of the validation (upstream `ValidateUIMessagesOptions`).
 *
 * @since 0.3.0
 * @category models
 */
export interface Options {
  readonly messages: unknown
  /** Decodes every message's metadata. */
  readonly metadataSchema?: Schema.Decoder<unknown> | undefined
  /** Decodes the data of `data-<name>` parts by name; a data part without a Schema is an error. */
  readonly dataSchemas?: Readonly<Record<string, Schema.Decoder<unknown>>> | undefined
  /** Validates the stored inputs (and outputs) of tool parts; a tool part of an unknown tool is an error unless terminal. */
  readonly tools?: Toolkit.Any | undefined
}

const messagesSchema = Schema.Array(UIMessage.UIMessage)
const decodeMessages = Schema.decodeUnknownEffect(messagesSchema)

/** Whether a value holds something JSON has no value for (a non-finite number, bigint, symbol, function); iterative. */
const hasInvalidJson = (value: unknown): boolean => {
  const stack: Array<unknown> = [value]
  const seen = new Set<object>()
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === "number" && !Number.isFinite(v)) return true
    if (typeof v === "bigint" || typeof v === "symbol" || typeof v === "function") return true
    if (typeof v !== "object" || v === null || seen.has(v)) continue
    seen.add(v)
    for (const [key, child] of Object.entries(v)) if (key !== "__proto__") stack.push(child)
  }
  return false
}

const metadataKeys = ["providerMetadata", "callProviderMetadata", "resultProviderMetadata", "toolMetadata", "citations"] as const

// upstream's checks beyond the part Schemas: a non-empty list, parts for non-assistant messages,
// JSON values in metadata
const structuralCheck = (messages: ReadonlyArray<UIMessage.UIMessage>): string | undefined => {
  if (messages.length === 0) return "Messages array must not be empty"
  for (const [index, message] of messages.entries()) {
    if (message.role !== "assistant" && message.parts.length === 0) return `messages[${index}].parts: Message must contain at least one part`
    for (const [p, part] of message.parts.entries()) {
      const nested = part.type === "steering-message" ? part.parts : []
      for (const candidate of [part, ...nested]) {
        for (const key of metadataKeys) {
          if (key in candidate && hasInvalidJson(Reflect.get(candidate, key))) {
            return `messages[${index}].parts[${p}].${key}: Invalid JSON value. Expected null, a string, a finite number, a boolean, an array, or an object.`
          }
        }
      }
    }
  }
  return undefined
}

const fail = (error: ValidationError): Effect.Effect<Result> => Effect.succeed({ success: false, error })

const decodeWith = (schema: Schema.Decoder<unknown>, value: unknown, context: TypeValidationError["context"]) =>
  Effect.mapError(Schema.decodeUnknownEffect(schema)(value), (cause) => TypeValidationError.wrap({ value, cause, context }))

const isTerminal = (state: UIMessage.ToolState) => state === "output-available" || state === "output-error" || state === "output-denied"

// a static tool's part whose tool is unavailable or does not match: a dynamic part marked `dynamic: false`
const asDynamic = (part: UIMessage.ToolPart): UIMessage.DynamicToolPart => {
  const { type, ...rest } = part
  return { ...rest, type: "dynamic-tool", toolName: type.slice(5), dynamic: false }
}

const isEmptyObject = (u: unknown) =>
  u != null && typeof u === "object" && !Array.isArray(u) && Object.keys(u).length === 0

const validateTools = (
  messages: Array<UIMessage.UIMessage>,
  options: Options,
  convertMissingTerminal: boolean
): Effect.Effect<void, ValidationError> =>
  Effect.gen(function*() {
    for (const [m, message] of messages.entries()) {
      const parts = [...message.parts]
      for (const [p, part] of parts.entries()) {
        const dataSchemas = options.dataSchemas
        if (dataSchemas !== undefined && UIMessage.isDataPart(part)) {
          const name = part.type.slice(5)
          const context = { field: `messages[${m}].parts[${p}].data`, entityName: name, entityId: part.id }
          const schema = Object.hasOwn(dataSchemas, name) ? dataSchemas[name] : undefined
          if (schema === undefined) {
            return yield* Effect.fail(new TypeValidationError({ value: part.data, cause: `No data schema found for data part ${name}`, context }))
          }
          parts[p] = { ...part, data: yield* decodeWith(schema, part.data, context) }
        }
        if (!(options.tools !== undefined || convertMissingTerminal) || !UIMessage.isStaticToolPart(part)) continue
        const name = part.type.slice(5)
        const tools = options.tools
        const tool = tools !== undefined && Object.hasOwn(tools, name) ? tools[name] : undefined
        if (tool === undefined) {
          if (isTerminal(part.state)) {
            parts[p] = asDynamic(part)
            continue
          }
          return yield* Effect.fail(new TypeValidationError({
            value: part.input,
            cause: `No tool schema found for tool part ${name}`,
            context: { field: `messages[${m}].parts[${p}].input`, entityName: name, entityId: part.toolCallId }
          }))
        }
        const context = { field: `messages[${m}].parts[${p}].input`, entityName: name, entityId: part.toolCallId }
        const schemaInput = part.approval != null && Object.hasOwn(part.approval, "inputSchemaInput")
          ? { value: part.approval.inputSchemaInput }
          : undefined
        let toDynamic = false
        if (part.state !== "input-streaming" && (part.state !== "output-error" || schemaInput != null || part.input !== undefined)) {
          const value = schemaInput === undefined ? part.input : schemaInput.value
          const result = yield* safeValidate(value, tool.inputSchema, undefined, context)
          let inputError: ValidationError | undefined
          if (!result.success) {
            inputError = TypeValidationError.isInstance(result.error)
              ? TypeValidationError.wrap({ value, cause: result.error, context })
              : new TypeValidationError({ value, cause: result.error, context })
          } else if (schemaInput != null && !isDeepEqualData(result.value, part.input)) {
            inputError = new TypeValidationError({
              value: part.input,
              cause: "Tool input does not match the output reconstructed from inputSchemaInput.",
              context
            })
          }
          if (inputError !== undefined) {
            // failed calls and empty terminal inputs stay loadable, as dynamic parts
            if (part.state === "output-error" || (part.state === "output-available" && isEmptyObject(part.input))) toDynamic = true
            else return yield* Effect.fail(inputError)
          }
        }
        if (part.state === "output-available" && tool.outputSchema !== undefined) {
          const outputContext = { field: `messages[${m}].parts[${p}].output`, entityName: name, entityId: part.toolCallId }
          const result = yield* safeValidate(part.output, tool.outputSchema, undefined, outputContext)
          if (!result.success) {
            return yield* Effect.fail(
              TypeValidationError.isInstance(result.error)
                ? result.error
                : new TypeValidationError({ value: part.output, cause: result.error, context: outputContext })
            )
          }
        }
        if (toDynamic) parts[p] = asDynamic(part)
      }
      messages[m] = { ...message, parts }
    }
  })

const safeValidateInternal = (options: Options, convertMissingTerminal: boolean): Effect.Effect<Result> =>
  Effect.gen(function*() {
    const input = options.messages
    if (input == null) {
      return yield* fail(new CoreInvalidArgumentError({ parameter: "messages", value: input, message: "messages parameter must be provided" }))
    }
    const decoded = yield* Effect.result(decodeMessages(input))
    if (decoded._tag === "Failure") return yield* fail(TypeValidationError.wrap({ value: input, cause: decoded.failure }))
    const structural = structuralCheck(decoded.success)
    if (structural !== undefined) return yield* fail(new TypeValidationError({ value: input, cause: structural }))
    const messages = [...decoded.success]
    const metadataSchema = options.metadataSchema
    if (metadataSchema !== undefined) {
      for (const [index, message] of messages.entries()) {
        const metadata = yield* Effect.result(
          decodeWith(metadataSchema, message.metadata, { field: `messages[${index}].metadata`, entityId: message.id })
        )
        if (metadata._tag === "Failure") return yield* fail(metadata.failure)
        messages[index] = { ...message, metadata: metadata.success }
      }
    }
    const tools = yield* Effect.result(validateTools(messages, options, convertMissingTerminal))
    if (tools._tag === "Failure") return yield* fail(tools.failure)
    const ok: Result = { success: true, data: messages }
    return ok
  }).pipe(
    // a defect of a user Schema or validate function is a validation failure, as upstream catches everything
    Effect.catchCause((cause) =>
      Cause.hasInterruptsOnly(cause)
        ? Effect.failCause(cause)
        : fail(new TypeValidationError({ value: options.messages, cause: Cause.squash(cause) }))
    )
  )

/**
 * Validates UI messages without failing (upstream `safeValidateUIMessages`).
 *
 * @since 0.3.0
 * @category validation
 */
export const safeValidateUIMessages = (options: Options): Effect.Effect<Result> => safeValidateInternal(options, false)

/**
 * Validates UI messages (upstream `validateUIMessages`): the validated messages (unknown keys
 * dropped, metadata and data decoded), or the error.
 *
 * @since 0.3.0
 * @category validation
 */
export const validateUIMessages = (options: Options): Effect.Effect<ReadonlyArray<UIMessage.UIMessage>, ValidationError> =>
  Effect.flatMap(safeValidateUIMessages(options), (result) => result.success ? Effect.succeed(result.data) : Effect.fail(result.error))

/**
 * The agent's validation (upstream `validateUIMessagesForAgent`): terminal parts of tools the agent
 * no longer has become dynamic parts even without `tools`.
 *
 * @since 0.3.0
 * @category validation
 */
export const validateUIMessagesForAgent = (options: Options): Effect.Effect<ReadonlyArray<UIMessage.UIMessage>, ValidationError> =>
  Effect.flatMap(safeValidateInternal(options, true), (result) => result.success ? Effect.succeed(result.data) : Effect.fail(result.error))
