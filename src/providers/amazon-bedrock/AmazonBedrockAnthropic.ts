/**
 * Anthropic models on Amazon Bedrock through the native messages API
 * (upstream `createAmazonBedrockAnthropic` of `@ai-sdk/amazon-bedrock/anthropic`
 * 5.0.101): the Anthropic messages model of the shared kit
 * (`src/providers/kits/anthropic/`) at `/model/<id>/invoke` and
 * `/model/<id>/invoke-with-response-stream`, authenticated as the Converse
 * model (bearer key, else SigV4), with Bedrock's body rewrite
 * (`anthropic_version: "bedrock-2023-05-31"`, betas in `anthropic_beta`,
 * newer tool versions), AWS event-stream bodies (`AnthropicTransport`), no
 * URL sources, and options and metadata under `bedrock`.
 *
 * @since 0.1.0
 */
import { Config, Effect } from "effect"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import * as AnthropicLanguageModel from "../kits/anthropic/AnthropicLanguageModel.ts"
import * as AmazonBedrock from "./AmazonBedrock.ts"
import * as AnthropicTransport from "./AnthropicTransport.ts"
import * as EventStream from "./EventStream.ts"
import { supportsNativeStructuredOutput, supportsStrictTools } from "./internal/ModelSupport.ts"

/**
 * Provider settings, as upstream's `AmazonBedrockAnthropicProviderSettings`
 * (the Converse provider's settings; no `fetch`).
 *
 * @since 0.1.0
 * @category models
 */
export type Settings = AmazonBedrock.Settings

/**
 * The `anthropic_version` Bedrock requires in the body.
 *
 * @since 0.1.0
 * @category constants
 */
export const anthropicVersion = "bedrock-2023-05-31"

// Bedrock requires newer tool versions than the Anthropic defaults.
const TOOL_VERSION_MAP: Readonly<Record<string, string>> = {
  bash_20241022: "bash_20250124",
  text_editor_20241022: "text_editor_20250728",
  computer_20241022: "computer_20250124"
}

// The upgraded text editor has another name.
const TOOL_NAME_MAP: Readonly<Record<string, string>> = { text_editor_20250728: "str_replace_based_edit_tool" }

// The `anthropic_beta` each tool type needs on Bedrock (BM25 is unsupported
// there; its beta makes Bedrock's error message useful).
const TOOL_BETA_MAP: Readonly<Record<string, string>> = {
  bash_20250124: "computer-use-2025-01-24",
  bash_20241022: "computer-use-2024-10-22",
  text_editor_20250124: "computer-use-2025-01-24",
  text_editor_20241022: "computer-use-2024-10-22",
  text_editor_20250429: "computer-use-2025-01-24",
  text_editor_20250728: "computer-use-2025-01-24",
  computer_20250124: "computer-use-2025-01-24",
  computer_20241022: "computer-use-2024-10-22",
  tool_search_tool_regex_20251119: "tool-search-tool-2025-10-19",
  tool_search_tool_bm25_20251119: "tool-search-tool-2025-10-19"
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const has = (map: Readonly<Record<string, string>>, key: unknown): key is string =>
  typeof key === "string" && Object.hasOwn(map, key)

/**
 * Upstream `transformRequestBody`: `model` and `stream` removed; `thinking`,
 * `tools` (eager input streaming as a beta, tool versions upgraded, betas the
 * tools need) and `tool_choice` (type and name only) moved after the rest;
 * the betas in `anthropic_beta`; `anthropic_version` last.
 *
 * @since 0.1.0
 * @category utils
 */
export const transformRequestBody = (
  args: AnthropicLanguageModel.RequestArgs,
  betas: ReadonlySet<string>
): AnthropicLanguageModel.RequestArgs => {
  const { model: _model, stream: _stream, thinking, tool_choice: toolChoice, tools, ...rest } = args
  const transformedToolChoice = isRecord(toolChoice)
    ? { type: toolChoice["type"], ...(toolChoice["name"] != null ? { name: toolChoice["name"] } : {}) }
    : undefined
  // Bedrock names the block binding field `mismatch_behavior` (some regions alias it, others fail).
  const binding = isRecord(thinking) ? thinking["block_binding"] : undefined
  const transformedThinking = isRecord(thinking) && binding != null
    ? { ...thinking, block_binding: { mismatch_behavior: isRecord(binding) ? binding["prefix_mismatch_behavior"] : undefined } }
    : thinking
  const requiredBetas = new Set<string>(betas)
  const transformedTools = Array.isArray(tools)
    ? tools.map((raw: unknown) => {
      if (!isRecord(raw)) return raw
      // Bedrock rejects the per-tool field; the beta alone enables the same behaviour.
      const { eager_input_streaming: eager, ...tool } = raw
      if (eager === true) requiredBetas.add("fine-grained-tool-streaming-2025-05-14")
      const type = tool["type"]
      if (has(TOOL_VERSION_MAP, type)) {
        const newType = TOOL_VERSION_MAP[type]
        if (has(TOOL_BETA_MAP, newType)) requiredBetas.add(TOOL_BETA_MAP[newType])
        return { ...tool, type: newType, name: has(TOOL_NAME_MAP, newType) ? TOOL_NAME_MAP[newType] : tool["name"] }
      }
      if (has(TOOL_BETA_MAP, type)) requiredBetas.add(TOOL_BETA_MAP[type])
      if (has(TOOL_NAME_MAP, type)) return { ...tool, name: TOOL_NAME_MAP[type] }
      return tool
    })
    : tools
  return {
    ...rest,
    ...(thinking != null ? { thinking: transformedThinking } : {}),
    ...(transformedTools != null ? { tools: transformedTools } : {}),
    ...(transformedToolChoice != null ? { tool_choice: transformedToolChoice } : {}),
    ...(requiredBetas.size > 0 ? { anthropic_beta: Array.from(requiredBetas) } : {}),
    anthropic_version: anthropicVersion
  }
}

/**
 * Resolves settings into the messages model config: the base URL (region
 * read now, as upstream reads it when the model is created) and the
 * authorizer of the Converse model.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = Effect.fn("AmazonBedrockAnthropic.modelConfig")(function*(
  modelId: string,
  settings: Settings = {}
) {
  const authorize = yield* AmazonBedrock.authorizer(settings)
  const baseURL = yield* AmazonBedrock.resolveBaseURL(settings)
  const config: AnthropicLanguageModel.Config = {
    provider: "bedrock.anthropic.messages",
    modelId,
    baseURL,
    headers: Effect.succeed(
      RequestHeaders.withUserAgentSuffix(settings.headers ?? {}, `ai-sdk-amazon-bedrock/${AmazonBedrock.VERSION}`)
    ),
    buildRequestUrl: (base, isStreaming) =>
      `${base}/model/${encodeURIComponent(modelId)}/${isStreaming ? "invoke-with-response-stream" : "invoke"}`,
    transformRequestBody,
    // Bedrock reads no URL sources: files are downloaded and sent inline
    supportedUrls: {},
    supportsNativeStructuredOutput: supportsNativeStructuredOutput(modelId),
    supportsStrictTools: supportsStrictTools(modelId),
    transport: {
      // the event-stream codec is an optional peer: loaded before a streaming request is sent, so
      // a missing package fails the call with LoadSettingError and no billed request (the
      // response handler then finds it loaded)
      authorize: (request) =>
        request.url.endsWith("/invoke-with-response-stream")
          ? Effect.flatMap(EventStream.loadCodec, () => authorize(request))
          : authorize(request),
      failedResponseHandler: AnthropicTransport.failedResponseHandler,
      streamResponseHandler: AnthropicTransport.streamResponseHandler
    }
  }
  return config
})

const constructors = ModelConstructors.make(
  LanguageModel,
  (modelId: string, settings: Settings) => Effect.flatMap(modelConfig(modelId, settings), AnthropicLanguageModel.make),
  {}
)

/**
 * The Anthropic messages model on Bedrock for `modelId` as a service.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the Anthropic messages model on Bedrock as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A Layer whose settings come from effect `Config`, e.g.
 * `Config.all({ region: Config.String("AWS_REGION"), apiKey: Config.Redacted("AWS_BEARER_TOKEN_BEDROCK") })`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig
