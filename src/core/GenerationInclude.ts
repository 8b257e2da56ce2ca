/**
 * What a generation keeps of each model call in its parts and step results (upstream
 * `StreamTextInclude` / `GenerateTextInclude`, option `include`, deprecated `experimental_include`).
 *
 * @since 0.2.0
 */

/**
 * streamText's `include` (upstream `StreamTextInclude`).
 *
 * @since 0.2.0
 */
export interface StreamTextInclude {
  /** Keep the request body in `start-step` parts and step results (default false: it can be large). */
  readonly requestBody?: boolean | undefined
  /** Forward the provider's `raw` parts (default: `includeRawChunks`, else false). */
  readonly rawChunks?: boolean | undefined
}

/**
 * generateText's `include` (upstream `GenerateTextInclude`).
 *
 * @since 0.2.0
 */
export interface GenerateTextInclude {
  /** Keep the request body in step results (default false: it can be large). */
  readonly requestBody?: boolean | undefined
  /** Keep the response body in step results (default false). */
  readonly responseBody?: boolean | undefined
}
