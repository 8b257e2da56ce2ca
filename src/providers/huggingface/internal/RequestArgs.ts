/**
 * The request body of a Responses call (upstream `getArgs`,
 * `convertToHuggingFaceResponsesMessages` and `prepareResponsesTools` of
 * `@ai-sdk/huggingface` 2.0.48): unsupported settings warned, the prompt as
 * `input` (images only; tool messages are not sent), function tools, tool
 * choice (`none` dropped), JSON schema output and reasoning effort.
 */
import { Effect } from "effect"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import type { CallOptions, CallTool, ToolChoice } from "../../../contract/CallOptions.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart, Prompt } from "../../../contract/Prompt.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { ResponsesOptions } from "../HuggingFaceOptions.ts"

const userFile = Effect.fnUntraced(function*(part: FilePart) {
  const data = part.data
  switch (data.type) {
    case "reference":
      return yield* new UnsupportedFunctionalityError({ functionality: "file parts with provider references" })
    case "text":
      return yield* new UnsupportedFunctionalityError({ functionality: "text file parts" })
    case "url":
    case "data": {
      if (getTopLevelMediaType(part.mediaType) !== "image") {
        return yield* new UnsupportedFunctionalityError({ functionality: `file part media type ${part.mediaType}` })
      }
      if (data.type === "url") return { type: "input_image", image_url: data.url.toString() }
      // As upstream: the data goes into the URL as given (a string as is, bytes
      // as their comma-joined decimal values), not base64-encoded.
      const mediaType = yield* resolveFullMediaType(part)
      return { type: "input_image", image_url: `data:${mediaType};base64,${String(data.data)}` }
    }
  }
})

const convertMessages = Effect.fnUntraced(function*(prompt: Prompt) {
  const input: Array<unknown> = []
  const warnings: Array<Warning> = []
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        input.push({ role: "system", content: message.content })
        break
      case "user": {
        const content: Array<unknown> = []
        for (const part of message.content) {
          content.push(part.type === "text" ? { type: "input_text", text: part.text } : yield* userFile(part))
        }
        input.push({ role: "user", content })
        break
      }
      case "assistant":
        for (const part of message.content) {
          // Reasoning goes back as assistant text; tool calls, results and files are not sent.
          if (part.type === "text" || part.type === "reasoning") {
            input.push({ role: "assistant", content: [{ type: "output_text", text: part.text }] })
          }
        }
        break
      case "tool":
        warnings.push({ type: "unsupported", feature: "tool messages" })
        break
    }
  }
  return { input, warnings }
})

const prepareTools = (tools: ReadonlyArray<CallTool> | undefined, toolChoice: ToolChoice | undefined) => {
  const warnings: Array<Warning> = []
  if (tools === undefined || tools.length === 0) return { tools: undefined, toolChoice: undefined, warnings }
  const wire: Array<unknown> = []
  for (const tool of tools) {
    if (tool.type === "function") {
      wire.push({ type: "function", name: tool.name, description: tool.description, parameters: tool.inputSchema })
    } else {
      warnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.id}` })
    }
  }
  let choice: "auto" | "required" | { type: "function"; function: { name: string } } | undefined = undefined
  if (toolChoice !== undefined) {
    switch (toolChoice.type) {
      case "auto":
      case "required":
        choice = toolChoice.type
        break
      case "none":
        break
      case "tool":
        choice = { type: "function", function: { name: toolChoice.toolName } }
        break
    }
  }
  return { tools: wire, toolChoice: choice, warnings }
}

/**
 * The body (without `stream`) and its warnings.
  *
  * @since 0.2.0
 */
export const getArgs = Effect.fnUntraced(function*(modelId: string, options: CallOptions) {
  const warnings: Array<Warning> = []
  if (options.topK != null) warnings.push({ type: "unsupported", feature: "topK" })
  if (options.seed != null) warnings.push({ type: "unsupported", feature: "seed" })
  if (options.presencePenalty != null) warnings.push({ type: "unsupported", feature: "presencePenalty" })
  if (options.frequencyPenalty != null) warnings.push({ type: "unsupported", feature: "frequencyPenalty" })
  if (options.stopSequences != null) warnings.push({ type: "unsupported", feature: "stopSequences" })
  const converted = yield* convertMessages(options.prompt)
  warnings.push(...converted.warnings)
  const hf = yield* parseProviderOptions("huggingface", options.providerOptions, ResponsesOptions)
  const prepared = prepareTools(options.tools, options.toolChoice)
  warnings.push(...prepared.warnings)
  const format = options.responseFormat
  const body: Record<string, unknown> = {
    model: modelId,
    input: converted.input,
    temperature: options.temperature,
    top_p: options.topP,
    max_output_tokens: options.maxOutputTokens,
    ...(format?.type === "json" && format.schema && {
      text: {
        format: {
          type: "json_schema",
          strict: hf?.strictJsonSchema ?? false,
          name: format.name ?? "response",
          description: format.description,
          schema: format.schema
        }
      }
    }),
    metadata: hf?.metadata,
    instructions: hf?.instructions,
    ...(prepared.tools && { tools: prepared.tools }),
    ...(prepared.toolChoice && { tool_choice: prepared.toolChoice }),
    ...(hf?.reasoningEffort != null && { reasoning: { effort: hf.reasoningEffort } })
  }
  return { body, warnings }
})
