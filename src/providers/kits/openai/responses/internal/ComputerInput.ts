/**
 * Upstream `mapComputerCallInput` / `mapComputerAction`: a `computer_call`
 * item as the `openai.computer` tool input (camelCase, null keys dropped).
 *
 * @internal
 */
import type { ComputerAction, ComputerCall } from "../OpenAIResponsesApi.ts"

const withKeys = (keys: ReadonlyArray<string> | null | undefined) => keys != null ? { keys } : {}

const mapAction = (action: ComputerAction) => {
  switch (action.type) {
    case "click":
      return { type: "click", button: action.button, x: action.x, y: action.y, ...withKeys(action.keys) }
    case "double_click":
      return { type: "double_click", x: action.x, y: action.y, ...withKeys(action.keys) }
    case "drag":
      return { type: "drag", path: action.path, ...withKeys(action.keys) }
    case "move":
      return { type: "move", x: action.x, y: action.y, ...withKeys(action.keys) }
    case "scroll":
      return {
        type: "scroll",
        x: action.x,
        y: action.y,
        scrollX: action.scroll_x,
        scrollY: action.scroll_y,
        ...withKeys(action.keys)
      }
    default:
      return action
  }
}

/** @internal */
export const mapComputerCallInput = (item: ComputerCall) => ({
  actions: (item.actions ?? (item.action != null ? [item.action] : [])).map(mapAction),
  pendingSafetyChecks: item.pending_safety_checks?.map((check) => ({
    id: check.id,
    ...(check.code != null && { code: check.code }),
    ...(check.message != null && { message: check.message })
  })) ?? [],
  status: item.status
})
