/**
 * The provider tool factories of docs/tools.md, compiled.
 */
import { Effect } from "effect"
import { GenerateText, Tool } from "aimux"
import { AnthropicTools } from "aimux/anthropic"
import { GoogleTools } from "aimux/google"
import { OpenAITools } from "aimux/openai"

// a tool the provider runs: the factory's result goes into `tools` as it is
export const searched = GenerateText.generateText({
  prompt: "What happened in Lisbon today?",
  tools: { web_search: OpenAITools.webSearch({ searchContextSize: "high" }) }
})

// a tool the provider defines and your program runs: add `execute`, typed by the tool's input
export const bash = Tool.provider({
  ...AnthropicTools.bash_20250124(),
  execute: ({ command }) => Effect.succeed(`ran: ${command}`)
})

// Gemini's grounding tools, for google and google-vertex alike
export const grounded = { google_search: GoogleTools.googleSearch(), url_context: GoogleTools.urlContext() }
