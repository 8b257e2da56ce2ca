/**
 * The tool parts of upstream `convertToOpenAIResponsesInput`: assistant tool
 * calls (function, custom and provider tools, with item references when
 * `store` is on), provider-tool results kept in assistant messages, and the
 * tool message's results (`function_call_output`, `custom_tool_call_output`,
 * shell, apply-patch, computer and tool-search outputs).
 *
 * @internal
 */
import { Effect, Schema } from "effect"
import * as Base64 from "../../../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../../../provider-utils/DetectMediaType.ts"
import { resolveFullMediaType } from "../../../../../provider-utils/ResolveFullMediaType.ts"
import { resolveProviderReference } from "../../../../../provider-utils/ResolveProviderReference.ts"
import { stringifyWithBigIntAndCycles } from "../../../../../provider-utils/StringifyWithBigIntAndCycles.ts"
import { secureJsonParse } from "../../../../../runtime/ParseJson.ts"
import { UnsupportedFunctionalityError } from "../../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { ToolCallPart, ToolResultOutput, ToolResultPart } from "../../../../../contract/Prompt.ts"
import type { ProviderOptions } from "../../../../../contract/ProviderMetadata.ts"
import type { Warning } from "../../../../../contract/Warning.ts"
import { ToolResultOptions } from "../OpenAIResponsesOptions.ts"
import * as Tools from "../OpenAIResponsesTools.ts"
import { getParallelToolCallMetadata, hasSameParallelToolCall, type ParallelGroup } from "./ParallelGroups.ts"
import {
  type ConvertContext,
  type InputItem,
  parseJsonWith,
  parseOptions,
  stringOption,
  validate
} from "./InputContext.ts"

const stringify = (value: unknown): string => stringifyWithBigIntAndCycles(value) ?? ""

// Upstream's local `serializeToolCallArguments` (an absent input is `{}`).
const serializeArguments = (input: unknown): string => {
  if (typeof input === "string") {
    return secureJsonParse(input)._tag === "Success" ? input : stringify(input)
  }
  return stringify(input === undefined ? {} : input)
}

type Caller = { type: "direct" } | { type: "program"; callerId: string }

const asCaller = (value: unknown): Caller | undefined => {
  if (typeof value !== "object" || value === null) return undefined
  const type: unknown = Reflect.get(value, "type")
  if (type === "direct") return { type: "direct" }
  if (type === "program") return { type: "program", callerId: String(Reflect.get(value, "callerId")) }
  return undefined
}

const mapToolCaller = (caller: Caller | undefined) =>
  caller == null ? undefined : caller.type === "program" ? { type: "program", caller_id: caller.callerId } : caller

const validateLocalShellInput = validate(Tools.LocalShellInput)
const validateShellInput = validate(Tools.ShellInput)
const validateApplyPatchInput = validate(Tools.ApplyPatchInput)
const validateComputerInput = validate(Tools.ComputerInput)
const validateToolSearchInput = validate(Tools.ToolSearchInput)
const parseToolSearchInput = parseJsonWith(Tools.ToolSearchInput)
const validateProgramInput = validate(Tools.ProgrammaticToolCallingInput)
const validateToolSearchOutput = validate(Tools.ToolSearchOutput)
const validateProgramOutput = validate(Tools.ProgrammaticToolCallingOutput)
const validateLocalShellOutput = validate(Tools.LocalShellOutput)
const validateShellOutput = validate(Tools.ShellOutput)
const validateApplyPatchOutput = validate(Tools.ApplyPatchOutput)
const validateComputerOutput = validate(Tools.ComputerOutput)
const decodeWebSearchOutput = Schema.decodeUnknownResult(Tools.WebSearchOutput)
const decodeToolResultOptions = Schema.decodeUnknownResult(ToolResultOptions)

const metadataOption = (part: { readonly providerOptions?: ProviderOptions | undefined }, name: string, key: string) =>
  part.providerOptions?.[name]?.[key] ?? (Reflect.get(part, "providerMetadata")?.[name]?.[key])

/** An assistant `tool-call` part. @internal */
export const convertToolCall = Effect.fnUntraced(function*(
  part: ToolCallPart,
  ctx: ConvertContext,
  input: Array<InputItem>,
  programmaticToolCallIds: Set<string>
) {
  const name = ctx.providerOptionsName
  const parallel = getParallelToolCallMetadata(part.providerOptions, name)
  const group = parallel == null ? undefined : ctx.parallel?.groups.get(parallel.toolCallId)
  if (parallel != null && group != null && hasSameParallelToolCall(group.metadata, parallel)) {
    if (!ctx.parallel?.emittedCalls.has(group.metadata.toolCallId)) {
      ctx.parallel?.emittedCalls.add(group.metadata.toolCallId)
      if (!ctx.hasConversation) {
        input.push({
          type: "function_call",
          call_id: group.metadata.toolCallId,
          name: group.metadata.toolName,
          arguments: group.metadata.input
        })
      }
    }
    return
  }
  const id = stringOption(metadataOption(part, name, "itemId"))
  const namespace = stringOption(metadataOption(part, name, "namespace"))
  const asyncValue = metadataOption(part, name, "async")
  const isAsync = typeof asyncValue === "boolean" ? asyncValue : undefined
  const caller = asCaller(part.providerOptions?.[name]?.["caller"])
  if (caller?.type === "program") programmaticToolCallIds.add(part.toolCallId)
  if (ctx.hasConversation && id != null) return
  const resolvedToolName = ctx.toolNameMapping.toProviderToolName(part.toolName)

  if (part.toolName === ctx.toolSearchToolName) {
    if (ctx.store && id != null) {
      input.push({ type: "item_reference", id })
      return
    }
    const parsed = typeof part.input === "string"
      ? yield* parseToolSearchInput(part.input)
      : yield* validateToolSearchInput(part.input)
    input.push({
      type: "tool_search_call",
      id: id ?? part.toolCallId,
      execution: parsed.call_id != null ? "client" : "server",
      call_id: parsed.call_id ?? null,
      status: "completed",
      arguments: parsed.arguments
    })
    return
  }

  if (resolvedToolName === "programmatic_tool_calling") {
    if (ctx.store && id != null) {
      input.push({ type: "item_reference", id })
      return
    }
    const parsed = yield* validateProgramInput(part.input)
    input.push({
      type: "program",
      id: id ?? part.toolCallId,
      call_id: part.toolCallId,
      code: parsed.code,
      fingerprint: parsed.fingerprint
    })
    return
  }

  if (part.providerExecuted) {
    if (ctx.store && id != null) input.push({ type: "item_reference", id })
    if (ctx.store || !ctx.hasShellTool || resolvedToolName !== "shell") return
  }

  const isProviderDefinedToolCall = (ctx.hasLocalShellTool && resolvedToolName === "local_shell") ||
    (ctx.hasShellTool && resolvedToolName === "shell") ||
    (ctx.hasApplyPatchTool && resolvedToolName === "apply_patch") ||
    (ctx.hasComputerTool && resolvedToolName === "computer") ||
    (ctx.customProviderToolNames?.has(resolvedToolName) ?? false)

  if (ctx.hasPreviousResponseId && ctx.store && id != null && isProviderDefinedToolCall) return
  if (ctx.store && id != null && isProviderDefinedToolCall) {
    input.push({ type: "item_reference", id })
    return
  }

  if (ctx.hasLocalShellTool && resolvedToolName === "local_shell") {
    const parsed = yield* validateLocalShellInput(part.input)
    input.push({
      type: "local_shell_call",
      call_id: part.toolCallId,
      id,
      action: {
        type: "exec",
        command: parsed.action.command,
        timeout_ms: parsed.action.timeoutMs,
        user: parsed.action.user,
        working_directory: parsed.action.workingDirectory,
        env: parsed.action.env
      }
    })
    return
  }

  if (ctx.hasShellTool && resolvedToolName === "shell") {
    const parsed = yield* validateShellInput(part.input)
    input.push({
      type: "shell_call",
      call_id: part.toolCallId,
      id,
      status: "completed",
      action: {
        commands: parsed.action.commands,
        timeout_ms: parsed.action.timeoutMs,
        max_output_length: parsed.action.maxOutputLength
      }
    })
    return
  }

  if (ctx.hasApplyPatchTool && resolvedToolName === "apply_patch") {
    const parsed = yield* validateApplyPatchInput(part.input)
    input.push({
      type: "apply_patch_call",
      call_id: parsed.callId,
      id,
      status: "completed",
      operation: parsed.operation
    })
    return
  }

  if (ctx.hasComputerTool && resolvedToolName === "computer") {
    const parsed = yield* validateComputerInput(part.input)
    input.push({
      type: "computer_call",
      call_id: part.toolCallId,
      id,
      status: parsed.status,
      actions: parsed.actions.map((action) => {
        switch (action.type) {
          case "click":
          case "double_click":
          case "move":
          case "drag":
            return { ...action, keys: action.keys }
          case "scroll":
            return {
              type: "scroll",
              x: action.x,
              y: action.y,
              scroll_x: action.scrollX,
              scroll_y: action.scrollY,
              keys: action.keys
            }
          default:
            return action
        }
      }),
      pending_safety_checks: parsed.pendingSafetyChecks.map((check) => ({
        id: check.id,
        code: check.code,
        message: check.message
      }))
    })
    return
  }

  if (ctx.customProviderToolNames?.has(resolvedToolName)) {
    input.push({
      type: "custom_tool_call",
      call_id: part.toolCallId,
      name: resolvedToolName,
      input: typeof part.input === "string" ? part.input : stringify(part.input),
      ...(isAsync != null && { async: isAsync }),
      id
    })
    return
  }

  input.push({
    type: "function_call",
    call_id: part.toolCallId,
    name: resolvedToolName,
    arguments: serializeArguments(part.input),
    ...(isAsync != null && { async: isAsync }),
    ...(namespace != null && { namespace }),
    ...(caller != null && { caller: mapToolCaller(caller) })
  })
})

const convertWebSearchResult = (output: ToolResultOutput, id: string): InputItem | undefined => {
  if (output.type !== "json") return undefined
  const decoded = decodeWebSearchOutput(output.value)
  if (decoded._tag === "Failure" || decoded.success.action == null) return undefined
  const { action, sources } = decoded.success
  switch (action.type) {
    case "search":
      return {
        type: "web_search_call",
        id,
        status: "completed",
        action: {
          type: "search",
          ...(action.query != null && { query: action.query }),
          ...(action.queries != null && { queries: action.queries }),
          ...(sources != null && { sources })
        }
      }
    case "openPage":
      return { type: "web_search_call", id, status: "completed", action: { type: "open_page", url: action.url } }
    case "findInPage":
      return {
        type: "web_search_call",
        id,
        status: "completed",
        action: { type: "find_in_page", url: action.url, pattern: action.pattern }
      }
  }
}

/** A `tool-result` part inside an assistant message (a provider tool's stored result). @internal */
export const convertToolResultInAssistant = Effect.fnUntraced(function*(
  part: ToolResultPart,
  ctx: ConvertContext,
  input: Array<InputItem>,
  warnings: Array<Warning>
) {
  const output = part.output
  if (
    output.type === "execution-denied" ||
    (output.type === "json" && typeof output.value === "object" && output.value !== null &&
      !Array.isArray(output.value) && "type" in output.value && output.value.type === "execution-denied")
  ) return
  if (ctx.hasConversation) return
  const name = ctx.providerOptionsName
  const resolved = ctx.toolNameMapping.toProviderToolName(part.toolName)
  if (resolved === "web_search" || resolved === "web_search_preview") {
    const itemId = stringOption(part.providerOptions?.[name]?.["itemId"]) ?? part.toolCallId
    if (ctx.store) {
      input.push({ type: "item_reference", id: itemId })
      return
    }
    const call = convertWebSearchResult(output, itemId)
    if (call != null) {
      input.push(call)
      return
    }
  }
  if (part.toolName === ctx.toolSearchToolName) {
    const itemId = stringOption(metadataOption(part, name, "itemId")) ?? part.toolCallId
    if (ctx.store) {
      input.push({ type: "item_reference", id: itemId })
    } else if (output.type === "json") {
      const parsed = yield* validateToolSearchOutput(output.value)
      input.push({
        type: "tool_search_output",
        id: itemId,
        execution: "server",
        call_id: null,
        status: "completed",
        tools: parsed.tools
      })
    }
    return
  }
  if (resolved === "programmatic_tool_calling") {
    const itemId = stringOption(metadataOption(part, name, "itemId")) ?? part.toolCallId
    if (ctx.store) {
      input.push({ type: "item_reference", id: itemId })
    } else if (output.type === "json") {
      const parsed = yield* validateProgramOutput(output.value)
      input.push({
        type: "program_output",
        id: itemId,
        call_id: part.toolCallId,
        result: parsed.result,
        status: parsed.status
      })
    }
    return
  }
  // Shell results are their own output items (`shell_call_output`) with ids
  // of their own: rebuilt rather than referenced by the call's item id.
  if (ctx.hasShellTool && resolved === "shell") {
    if (output.type === "json") {
      const parsed = yield* validateShellOutput(output.value)
      input.push(shellCallOutput(part.toolCallId, parsed))
    }
    return
  }
  if (ctx.store) {
    const itemId = stringOption(part.providerOptions?.[name]?.["itemId"]) ?? part.toolCallId
    input.push({ type: "item_reference", id: itemId })
  } else {
    warnings.push({
      type: "other",
      message: `Results for OpenAI tool ${part.toolName} are not sent to the API when store is false`
    })
  }
})

const shellCallOutput = (callId: string, parsed: typeof Tools.ShellOutput.Type): InputItem => ({
  type: "shell_call_output",
  call_id: callId,
  ...(parsed.maxOutputLength != null && { max_output_length: parsed.maxOutputLength }),
  output: parsed.output.map((item) => ({
    stdout: item.stdout,
    stderr: item.stderr,
    outcome: item.outcome.type === "timeout"
      ? { type: "timeout" }
      : { type: "exit", exit_code: item.outcome.exitCode }
  }))
})

const breakpointOf = (providerOptions: ProviderOptions | undefined, name: string): unknown =>
  providerOptions?.[name]?.["promptCacheBreakpoint"]

const withBreakpoint = (breakpoint: unknown): Record<string, unknown> =>
  breakpoint != null ? { prompt_cache_breakpoint: breakpoint } : {}

const scalarBreakpoint = (output: ToolResultOutput, partOptions: ProviderOptions | undefined, name: string) =>
  output.type === "content"
    ? undefined
    : breakpointOf(output.providerOptions, name) ?? breakpointOf(partOptions, name)

type ContentItem = Extract<ToolResultOutput, { type: "content" }>["value"][number]

const contentItems = Effect.fnUntraced(function*(
  items: ReadonlyArray<ContentItem>,
  name: string,
  warnings: Array<Warning>,
  label: string,
  allowReference: boolean
) {
  const out: Array<unknown> = []
  for (const item of items) {
    const breakpoint = withBreakpoint(breakpointOf(item.providerOptions, name))
    if (item.type === "text") {
      out.push({ type: "input_text", text: item.text, ...breakpoint })
      continue
    }
    if (item.type !== "file") {
      warnings.push({ type: "other", message: `unsupported ${label} content part type: ${item.type}` })
      continue
    }
    const topLevel = getTopLevelMediaType(item.mediaType)
    const detail = item.providerOptions?.[name]?.["imageDetail"]
    const data = item.data
    if (data.type === "reference" && allowReference) {
      const fileId = yield* resolveProviderReference(data.reference, name)
      out.push(
        topLevel === "image"
          ? { type: "input_image", file_id: fileId, detail, ...breakpoint }
          : { type: "input_file", file_id: fileId, ...breakpoint }
      )
    } else if (data.type === "data") {
      const full = yield* resolveFullMediaType({ type: "file", data, mediaType: item.mediaType, filename: item.filename })
      const url = `data:${full};base64,${Base64.convertToBase64(data.data)}`
      out.push(
        topLevel === "image"
          ? { type: "input_image", image_url: url, detail, ...breakpoint }
          : { type: "input_file", filename: item.filename ?? "data", file_data: url, ...breakpoint }
      )
    } else if (data.type === "url") {
      out.push(
        topLevel === "image"
          ? { type: "input_image", image_url: data.url.toString(), detail, ...breakpoint }
          : { type: "input_file", file_url: data.url.toString(), ...breakpoint }
      )
    } else {
      warnings.push({
        type: "other",
        message: `unsupported ${label} content part type: ${item.type} with data type: ${data.type}`
      })
    }
  }
  return out
})

const scalar = (value: string, breakpoint: unknown): unknown =>
  breakpoint == null ? value : [{ type: "input_text", text: value, prompt_cache_breakpoint: breakpoint }]

const functionOutput = Effect.fnUntraced(function*(
  output: ToolResultOutput,
  toolName: string,
  ctx: ConvertContext,
  breakpoint: unknown,
  warnings: Array<Warning>
) {
  const hasOutputSchema = ctx.outputSchemaToolNames?.has(toolName) ?? false
  switch (output.type) {
    case "text":
      return scalar(hasOutputSchema ? stringify(output.value) : output.value, breakpoint)
    case "error-text":
    case "error-json":
      return scalar(stringify({ error: output.value }), breakpoint)
    case "execution-denied": {
      const reason = output.reason ?? "Tool call execution denied."
      return scalar(hasOutputSchema ? stringify(reason) : reason, breakpoint)
    }
    case "json":
      return scalar(stringify(output.value), breakpoint)
    case "content":
      return yield* contentItems(output.value, ctx.providerOptionsName, warnings, "tool", true)
  }
})

const customOutput = Effect.fnUntraced(function*(
  output: ToolResultOutput,
  ctx: ConvertContext,
  breakpoint: unknown,
  warnings: Array<Warning>
) {
  switch (output.type) {
    case "text":
      return scalar(output.value, breakpoint)
    case "error-text":
    case "error-json":
      return scalar(stringify({ error: output.value }), breakpoint)
    case "execution-denied":
      return scalar(output.reason ?? "Tool call execution denied.", breakpoint)
    case "json":
      return scalar(stringify(output.value), breakpoint)
    case "content":
      return yield* contentItems(output.value, ctx.providerOptionsName, warnings, "custom tool", false)
  }
})

const additionalTools = Effect.fnUntraced(function*(providerOptions: ProviderOptions | undefined, name: string) {
  const options = yield* parseOptions(decodeToolResultOptions, name, providerOptions)
  if (options?.additionalTools != null || name === "openai") return options?.additionalTools
  const fallback = yield* parseOptions(decodeToolResultOptions, "openai", providerOptions)
  return fallback?.additionalTools
})

// The wrapper's single output: the children's outputs in tool_uses order.
const parallelGroupOutput = Effect.fnUntraced(function*(
  group: ParallelGroup,
  ctx: ConvertContext,
  input: Array<InputItem>,
  warnings: Array<Warning>
) {
  const name = ctx.providerOptionsName
  const outputs: Array<{ readonly text: string; readonly breakpoint: unknown }> = []
  for (const result of group.results) {
    const converted = yield* functionOutput(result.output, result.toolName, ctx, undefined, warnings)
    outputs.push({
      text: typeof converted === "string" ? converted : stringify(converted),
      breakpoint: scalarBreakpoint(result.output, result.providerOptions, name)
    })
  }
  const hasBreakpoint = outputs.some((o) => o.breakpoint != null)
  input.push({
    type: "function_call_output",
    call_id: group.metadata.toolCallId,
    output: hasBreakpoint
      ? outputs.map((o, index) => ({
        type: "input_text",
        text: index === 0 ? o.text : `\n${o.text}`,
        ...(o.breakpoint != null && { prompt_cache_breakpoint: o.breakpoint })
      }))
      : outputs.map((o) => o.text).join("\n")
  })
  for (const result of group.results) {
    const tools = yield* additionalTools(result.providerOptions, name)
    if (tools != null && tools.length > 0) input.push({ type: "additional_tools", role: "developer", tools })
  }
})

/** A part of a tool message (a tool result). @internal */
export const convertToolMessagePart = Effect.fnUntraced(function*(
  part: ToolResultPart,
  ctx: ConvertContext,
  input: Array<InputItem>,
  warnings: Array<Warning>,
  programmaticToolCallIds: ReadonlySet<string>
) {
  const name = ctx.providerOptionsName
  const parallel = getParallelToolCallMetadata(part.providerOptions, name)
  const group = parallel == null ? undefined : ctx.parallel?.groups.get(parallel.toolCallId)
  if (parallel != null && group != null && hasSameParallelToolCall(group.metadata, parallel)) {
    if (!ctx.parallel?.emittedResults.has(group.metadata.toolCallId)) {
      ctx.parallel?.emittedResults.add(group.metadata.toolCallId)
      yield* parallelGroupOutput(group, ctx, input, warnings)
    }
    return
  }
  const output = part.output
  if (output.type === "execution-denied") {
    const approvalId = output.providerOptions?.["openai"]?.["approvalId"]
    if (approvalId) return
  }
  const resolved = ctx.toolNameMapping.toProviderToolName(part.toolName)
  if (part.toolName === ctx.toolSearchToolName && output.type === "json") {
    const parsed = yield* validateToolSearchOutput(output.value)
    input.push({
      type: "tool_search_output",
      execution: "client",
      call_id: part.toolCallId,
      status: "completed",
      tools: parsed.tools
    })
    return
  }
  if (ctx.hasLocalShellTool && resolved === "local_shell" && output.type === "json") {
    const parsed = yield* validateLocalShellOutput(output.value)
    input.push({ type: "local_shell_call_output", call_id: part.toolCallId, output: parsed.output })
    return
  }
  if (ctx.hasShellTool && resolved === "shell" && output.type === "json") {
    input.push(shellCallOutput(part.toolCallId, yield* validateShellOutput(output.value)))
    return
  }
  if (ctx.hasApplyPatchTool && part.toolName === "apply_patch" && output.type === "json") {
    const parsed = yield* validateApplyPatchOutput(output.value)
    input.push({
      type: "apply_patch_call_output",
      call_id: part.toolCallId,
      status: parsed.status,
      output: parsed.output
    })
    return
  }
  if (ctx.hasComputerTool && resolved === "computer" && output.type === "json") {
    const parsed = yield* validateComputerOutput(output.value)
    input.push({
      type: "computer_call_output",
      call_id: part.toolCallId,
      output: {
        type: "computer_screenshot",
        image_url: parsed.output.imageUrl,
        file_id: parsed.output.fileId,
        detail: parsed.output.detail
      },
      acknowledged_safety_checks: parsed.acknowledgedSafetyChecks?.map((check) => ({
        id: check.id,
        code: check.code,
        message: check.message
      }))
    })
    return
  }
  const breakpoint = scalarBreakpoint(output, part.providerOptions, name)
  if (ctx.customProviderToolNames?.has(resolved)) {
    input.push({
      type: "custom_tool_call_output",
      call_id: part.toolCallId,
      output: yield* customOutput(output, ctx, breakpoint, warnings)
    })
    return
  }
  const resultCaller = asCaller(part.providerOptions?.[name]?.["caller"])
  if (
    output.type === "execution-denied" &&
    (resultCaller?.type === "program" || programmaticToolCallIds.has(part.toolCallId))
  ) {
    return yield* new UnsupportedFunctionalityError({
      functionality: "execution-denied results for programmatic tool calls"
    })
  }
  const content = yield* functionOutput(output, part.toolName, ctx, breakpoint, warnings)
  const caller = mapToolCaller(resultCaller)
  input.push({
    type: "function_call_output",
    call_id: part.toolCallId,
    output: content,
    ...(caller != null && { caller })
  })
  const tools = yield* additionalTools(part.providerOptions, name)
  if (tools != null && tools.length > 0) input.push({ type: "additional_tools", role: "developer", tools })
})
