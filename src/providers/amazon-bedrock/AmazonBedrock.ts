/**
 * The Amazon Bedrock provider: settings (upstream `createAmazonBedrock`'s
 * `AmazonBedrockProviderSettings`), authentication (a bearer API key, else
 * SigV4 with credentials from the settings, the AWS environment variables
 * or a credential provider Effect) and Layers providing the Converse model
 * as the `LanguageModel` service.
 *
 * @since 0.1.0
 */
import { Config, Effect, Option, Redacted } from "effect"
import * as ImageModel from "../../ImageModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { LoadSettingError } from "../../contract/errors/LoadSettingError.ts"
import * as AmazonBedrockImageModel from "./AmazonBedrockImageModel.ts"
import * as AmazonBedrockLanguageModel from "./AmazonBedrockLanguageModel.ts"
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import { RerankingModel } from "../../RerankingModel.ts"
import * as AmazonBedrockEmbeddingModel from "./AmazonBedrockEmbeddingModel.ts"
import * as AmazonBedrockRerankingModel from "./AmazonBedrockRerankingModel.ts"
import * as SigV4 from "./SigV4.ts"

/**
 * Provider settings, as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** AWS region; default `AWS_REGION` (read per request, as upstream). */
  readonly region?: string | undefined
  /** Bearer API key; default `AWS_BEARER_TOKEN_BEDROCK`. A blank key falls back to SigV4. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Default `AWS_ACCESS_KEY_ID`. */
  readonly accessKeyId?: string | undefined
  /** Default `AWS_SECRET_ACCESS_KEY`. */
  readonly secretAccessKey?: string | Redacted.Redacted<string> | undefined
  /**
   * Session token. With both keys given explicitly only this value is used;
   * otherwise it defaults to `AWS_SESSION_TOKEN`.
   */
  readonly sessionToken?: string | Redacted.Redacted<string> | undefined
  /** Base URL; default `AWS_ENDPOINT_URL_BEDROCK_RUNTIME`, `AWS_ENDPOINT_URL`, else `https://bedrock-runtime.<region>.<partition suffix>`. */
  readonly baseURL?: string | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  /** Credentials resolved per request (upstream `credentialProvider`); wins over the key settings. */
  readonly credentialProvider?: Effect.Effect<SigV4.Credentials, unknown> | undefined
}

/**
 * Per-model settings (upstream `AmazonBedrockChatModelSettings`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ModelSettings {
  /** The family, when the model id does not name it (an application inference profile ARN). */
  readonly modelFamily?: "anthropic" | undefined
}

/**
 * The `@ai-sdk/amazon-bedrock` version this provider ports; requests carry
 * `ai-sdk-amazon-bedrock/<VERSION>` in the user agent, as upstream's do.
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "5.0.101"

const env = (name: string): Effect.Effect<string | undefined> =>
  Effect.map(
    Effect.orElseSucceed(Config.option(Config.String(name)), () => Option.none<string>()),
    Option.getOrUndefined
  )

// Upstream `loadSetting`: the setting, else the environment variable.
const loadSetting = (options: {
  readonly value: string | undefined
  readonly name: string
  readonly variable: string
  readonly description: string
}): Effect.Effect<string, LoadSettingError> =>
  options.value != null ? Effect.succeed(options.value) : Effect.flatMap(env(options.variable), (value) =>
    value != null ? Effect.succeed(value) : Effect.fail(
      new LoadSettingError({
        message:
          `${options.description} setting is missing. Pass it using the '${options.name}' parameter or the ${options.variable} environment variable.`
      })
    ))

const loadRegion = (settings: Settings) =>
  loadSetting({ value: settings.region, name: "region", variable: "AWS_REGION", description: "AWS region" })

const PARTITION_DNS_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ["cn-", "amazonaws.com.cn"],
  ["us-iso-", "c2s.ic.gov"],
  ["us-isob-", "sc2s.sgov.gov"],
  ["eu-isoe-", "cloud.adc-e.uk"],
  ["us-isof-", "csp.hci.ic.gov"],
  ["eusc-", "amazonaws.eu"]
]

const withoutTrailingSlash = (url: string): string => url.endsWith("/") ? url.slice(0, -1) : url

/**
 * Upstream `resolveAmazonBedrockBaseURL` for the runtime service.
 *
 * @since 0.1.0
 * @category getters
 */
export const resolveBaseURL = (settings: Settings): Effect.Effect<string, LoadSettingError> =>
  Effect.gen(function*() {
    const configured = settings.baseURL ?? (yield* env("AWS_ENDPOINT_URL_BEDROCK_RUNTIME")) ??
      (yield* env("AWS_ENDPOINT_URL"))
    if (configured != null) return withoutTrailingSlash(configured)
    const region = yield* loadRegion(settings)
    const suffix = PARTITION_DNS_SUFFIXES.find(([prefix]) => region.startsWith(prefix))?.[1] ?? "amazonaws.com"
    return withoutTrailingSlash(`https://bedrock-runtime.${region}.${suffix}`)
  })

const reveal = (value: string | Redacted.Redacted<string> | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === "string" ? value : Redacted.value(value)

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "object" && error !== null &&
      typeof Reflect.get(error, "message") === "string"
    ? String(Reflect.get(error, "message"))
    : String(error)

// Upstream's SigV4 credential loading, with its error messages.
const loadCredentials = (settings: Settings): Effect.Effect<SigV4.Credentials, LoadSettingError> => {
  if (settings.credentialProvider !== undefined) {
    return Effect.mapError(settings.credentialProvider, (error) =>
      new LoadSettingError({
        message: `AWS credential provider failed: ${messageOf(error)}. ` +
          "Please ensure your credential provider returns valid AWS credentials " +
          "with accessKeyId and secretAccessKey properties."
      }))
  }
  return Effect.gen(function*() {
    const accessKeyId = yield* loadSetting({
      value: settings.accessKeyId,
      name: "accessKeyId",
      variable: "AWS_ACCESS_KEY_ID",
      description: "AWS access key ID"
    }).pipe(Effect.mapError((error) =>
      new LoadSettingError({
        message: "AWS SigV4 authentication requires AWS credentials. Please provide either:\n" +
          "1. Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY environment variables\n" +
          "2. Provide accessKeyId and secretAccessKey in options\n" +
          "3. Use a credentialProvider function\n" +
          "4. Use API key authentication with AWS_BEARER_TOKEN_BEDROCK or apiKey option\n" +
          `Original error: ${error.message}`
      })
    ))
    const secretAccessKey = yield* loadSetting({
      value: reveal(settings.secretAccessKey),
      name: "secretAccessKey",
      variable: "AWS_SECRET_ACCESS_KEY",
      description: "AWS secret access key"
    }).pipe(Effect.mapError((error) =>
      new LoadSettingError({
        message: "AWS SigV4 authentication requires both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. " +
          "Please ensure both credentials are provided.\n" +
          `Original error: ${error.message}`
      })
    ))
    const sessionToken = settings.accessKeyId != null && settings.secretAccessKey != null
      ? reveal(settings.sessionToken)
      : reveal(settings.sessionToken) ?? (yield* env("AWS_SESSION_TOKEN"))
    const credentials: SigV4.Credentials = {
      accessKeyId,
      secretAccessKey: Redacted.make(secretAccessKey),
      sessionToken: sessionToken === undefined ? undefined : Redacted.make(sessionToken)
    }
    return credentials
  })
}

/**
 * The authorizer of the settings: the bearer key when one is set (explicitly
 * or in `AWS_BEARER_TOKEN_BEDROCK`) and not blank, else SigV4 (credentials
 * and region loaded per request, as upstream).
 *
 * @since 0.1.0
 * @category utils
 */
export const authorizer = Effect.fnUntraced(function*(settings: Settings) {
  const rawApiKey = reveal(settings.apiKey) ?? (yield* env("AWS_BEARER_TOKEN_BEDROCK"))
  const apiKey = rawApiKey !== undefined && rawApiKey.trim().length > 0 ? rawApiKey.trim() : undefined
  const authorize: AmazonBedrockLanguageModel.Config["authorize"] = apiKey !== undefined
    ? () => Effect.succeed({ Authorization: Redacted.make(`Bearer ${apiKey}`) })
    : (request) =>
      Effect.gen(function*() {
        const region = yield* loadRegion(settings)
        const credentials = yield* loadCredentials(settings)
        return yield* SigV4.sign({ ...request, region }, credentials)
      })
  return authorize
})

/**
 * Resolves settings into the model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = Effect.fn("AmazonBedrock.modelConfig")(function*(
  modelId: string,
  settings: Settings = {},
  modelSettings: ModelSettings = {}
) {
  const config: AmazonBedrockLanguageModel.Config = {
    provider: "amazon-bedrock",
    modelId,
    modelFamily: modelSettings.modelFamily,
    baseURL: resolveBaseURL(settings),
    headers: RequestHeaders.withUserAgentSuffix(settings.headers ?? {}, `ai-sdk-amazon-bedrock/${VERSION}`),
    authorize: yield* authorizer(settings)
  }
  return config
})

const constructors = ModelConstructors.make(
  LanguageModel,
  (modelId: string, settings: Settings & ModelSettings) =>
    Effect.flatMap(modelConfig(modelId, settings, { modelFamily: settings.modelFamily }), AmazonBedrockLanguageModel.make),
  {}
)

/**
 * The Converse model for `modelId` as a service; `settings` are the provider's and the model's
 * (`modelFamily`) in one object, so every provider's `model` / `layer` / `layerConfig` take
 * `(modelId, settings?)`.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the Converse model for `modelId` as the `LanguageModel` service.
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

const embeddingConstructors = ModelConstructors.make(
  EmbeddingModel,
  (modelId: string, settings: Settings & { readonly modelFamily?: AmazonBedrockEmbeddingModel.ModelFamily | undefined }) =>
    Effect.flatMap(modelConfig(modelId, settings), (config) =>
      AmazonBedrockEmbeddingModel.make({
        modelId,
        modelFamily: settings.modelFamily,
        baseURL: config.baseURL,
        headers: config.headers,
        authorize: config.authorize
      })),
  {}
)

/**
 * The embedding model; `settings.modelFamily` (`titan`, `cohere`, `nova`) overrides the detection from the id for `modelId` as a service (upstream `bedrock.embedding(modelId, { modelFamily })`).
 *
 * @since 0.1.0
 * @category models
 */
export const embedding = embeddingConstructors.model

/**
 * A Layer providing {@link embedding} as the `EmbeddingModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const embeddingLayer = embeddingConstructors.layer

/**
 * {@link embeddingLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const embeddingLayerConfig = embeddingConstructors.layerConfig

/**
 * Upstream's agent runtime base URL: `baseURL`, else `AWS_ENDPOINT_URL_BEDROCK_AGENT_RUNTIME`,
 * else `AWS_ENDPOINT_URL`, else `https://bedrock-agent-runtime.<region>.<partition suffix>`.
 *
 * @since 0.1.0
 * @category getters
 */
export const resolveAgentRuntimeBaseURL = (settings: Settings): Effect.Effect<string, LoadSettingError> =>
  Effect.gen(function*() {
    const configured = settings.baseURL ?? (yield* env("AWS_ENDPOINT_URL_BEDROCK_AGENT_RUNTIME")) ??
      (yield* env("AWS_ENDPOINT_URL"))
    if (configured != null) return withoutTrailingSlash(configured)
    const region = yield* loadRegion(settings)
    const suffix = PARTITION_DNS_SUFFIXES.find(([prefix]) => region.startsWith(prefix))?.[1] ?? "amazonaws.com"
    return withoutTrailingSlash(`https://bedrock-agent-runtime.${region}.${suffix}`)
  })

// the region is loaded when the model is built (upstream loads it when the model is created)
const rerankingConstructors = ModelConstructors.make(
  RerankingModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    const region = yield* loadRegion(settings)
    return yield* AmazonBedrockRerankingModel.make({
      modelId,
      region,
      baseURL: resolveAgentRuntimeBaseURL(settings),
      headers: RequestHeaders.withUserAgentSuffix(settings.headers ?? {}, `ai-sdk-amazon-bedrock/${VERSION}`),
      authorize: yield* authorizer(settings)
    })
  }),
  {}
)

/**
 * The reranking model (the agent runtime) for `modelId` as a service (upstream `bedrock.reranking(modelId)`).
 *
 * @since 0.1.0
 * @category models
 */
export const reranking = rerankingConstructors.model

/**
 * A Layer providing {@link reranking} as the `RerankingModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const rerankingLayer = rerankingConstructors.layer

/**
 * {@link rerankingLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const rerankingLayerConfig = rerankingConstructors.layerConfig

const imageConstructors = ModelConstructors.make(
  ImageModel.ImageModel,
  (modelId: string, settings: Settings) =>
    Effect.flatMap(modelConfig(modelId, settings), (config) =>
      AmazonBedrockImageModel.make({ modelId, baseURL: config.baseURL, headers: config.headers, authorize: config.authorize })),
  {}
)

/**
 * The image model for `modelId` (upstream `bedrock.image(modelId)`: Nova Canvas, Titan Image).
 *
 * @since 0.1.0
 * @category constructors
 */
export const image = imageConstructors.model

/**
 * A Layer providing {@link image} as the `ImageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const imageLayer = imageConstructors.layer
