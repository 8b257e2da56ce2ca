/**
 * What a generation keeps of each model call in its parts and step results (upstream
 * `StreamTextInclude` / `GenerateTextInclude`): the request body (off by default: it can be large
 * with images or files), the response body of generateText's calls (off by default), and raw
 * chunks (streamText; `includeRawChunks` is the deprecated spelling).
 *
 * @internal
 */
import type { RequestInfo } from "../../spec/Results.ts"
import type { GenerateTextInclude, StreamTextInclude } from "../GenerationInclude.ts"

/**
 * The resolved settings, upstream's defaults applied.
 *
 * @internal
 */
export interface Include {
  readonly requestBody: boolean
  readonly responseBody: boolean
  readonly rawChunks: boolean
}

/**
 * Upstream's defaults: `include ?? experimental_include`, each flag `false`, `rawChunks` falling
 * back to `includeRawChunks`.
 *
 * @internal
 */
export const includeOf = (options: {
  readonly include?: StreamTextInclude | GenerateTextInclude | undefined
  readonly experimental_include?: StreamTextInclude | GenerateTextInclude | undefined
  readonly includeRawChunks?: boolean | undefined
}): Include => {
  const include = options.include ?? options.experimental_include
  return {
    requestBody: include?.requestBody ?? false,
    responseBody: (include !== undefined && "responseBody" in include ? include.responseBody : undefined) ?? false,
    rawChunks: (include !== undefined && "rawChunks" in include ? include.rawChunks : undefined) ?? options.includeRawChunks ?? false
  }
}

/**
 * A step's request as its parts and result keep it: the body only with `include.requestBody`
 * (upstream `getStepRequest` / `stepRequest`: `body: include.requestBody ? request?.body : undefined`).
 *
 * @internal
 */
export const stepRequestOf = (request: RequestInfo | undefined, include: Include): RequestInfo =>
  include.requestBody ? { ...request } : { ...request, body: undefined }

/**
 * A generateText step's response body: kept only with `include.responseBody` (upstream).
 *
 * @internal
 */
export const responseBodyOf = (response: { readonly body?: unknown } | undefined, include: Include): unknown =>
  include.responseBody ? response?.body : undefined
