/**
 * Toolsets (`anthropic.computer_toolset_20260801`): the API answers with one
 * `tool_use` per member (`left_click`, `screenshot`, ...) carrying
 * `toolset_name`; the SDK exposes them as calls of the one toolset tool with
 * the member as `action` (upstream `getAnthropicToolsetNames`,
 * `validateToolsetMember`, `toToolsetMemberInput`, `getAnthropicToolsetName`).
 *
 * @since 0.1.0
 */
import { Predicate } from "effect"
import type { CallTool } from "../../../../contract/CallOptions.ts"
import { InvalidResponseDataError } from "../../../../contract/errors/InvalidResponseDataError.ts"
import type { ProviderOptions } from "../../../../contract/ProviderMetadata.ts"
import type { RequestTool } from "./PrepareTools.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

/**
 * The member tools of the computer toolset.
 *
 * @since 0.1.0
 */
export const computerToolsetMembers: ReadonlyArray<string> = [
  "screenshot",
  "zoom",
  "left_click",
  "right_click",
  "middle_click",
  "double_click",
  "triple_click",
  "left_click_drag",
  "mouse_move",
  "left_mouse_down",
  "left_mouse_up",
  "cursor_position",
  "scroll",
  "type",
  "key",
  "hold_key",
  "wait"
]

/**
 * Custom tool name → Anthropic `toolset_name`, for the toolset tools of a call.
 *
 * @since 0.1.0
 */
export const toolsetNames = (tools: ReadonlyArray<CallTool> | undefined): Readonly<Record<string, string>> => {
  const names: Record<string, string> = {}
  for (const tool of tools ?? []) {
    if (tool.type === "provider" && tool.id === "anthropic.computer_toolset_20260801") names[tool.name] = "computer"
  }
  return names
}

/**
 * The toolset name of a tool call or result: from the call's toolset tools,
 * else from the `toolsetName` provider metadata of an earlier response.
 *
 * @since 0.1.0
 */
export const toolsetNameOf = (
  toolName: string,
  providerOptions: ProviderOptions | undefined,
  names: Readonly<Record<string, string>>
): string | undefined => {
  const fromTools = Object.hasOwn(names, toolName) ? names[toolName] : undefined
  if (fromTools != null) return fromTools
  const fromMetadata = providerOptions?.["anthropic"]?.["toolsetName"]
  return typeof fromMetadata === "string" ? fromMetadata : undefined
}

/**
 * `undefined` when the member belongs to a toolset of the request and is not
 * disabled there; else upstream's "unavailable toolset member" error.
 *
 * @since 0.1.0
 */
export const validateToolsetMember = (
  toolsetName: string,
  memberName: string,
  tools: ReadonlyArray<RequestTool> | undefined
): InvalidResponseDataError | undefined => {
  const toolset = tools?.find((tool) => tool["type"] === "computer_toolset_20260801")
  const configs = toolset?.["configs"]
  const config = Predicate.isObject(configs) && Object.hasOwn(configs, memberName) ? configs[memberName] : undefined
  if (
    toolsetName !== "computer" || toolset == null || !computerToolsetMembers.includes(memberName) ||
    (Predicate.isObject(config) && config["enabled"] === false)
  ) {
    return new InvalidResponseDataError({
      data: { toolsetName, memberName },
      message: `Received an unavailable toolset member: ${toolsetName}.${memberName}.`
    })
  }
  return undefined
}

/**
 * The toolset tool's input of a member call, as JSON text: the member's input
 * with the member name as `action`; a non-object input is upstream's error.
 *
 * @since 0.1.0
 */
export const toToolsetMemberInput = (memberName: string, input: unknown): string | InvalidResponseDataError =>
  Predicate.isObject(input)
    ? WireJson.render({ ...input, action: memberName })
    : new InvalidResponseDataError({ data: input, message: "Invalid toolset member input: expected an object." })
