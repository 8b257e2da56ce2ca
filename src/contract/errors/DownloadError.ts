/**
 * `DownloadError`: a file URL of the prompt could not be downloaded (refused by the URL policy,
 * transport failure, error status, or over the size limit).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_DownloadError"

/**
 * Constructor options, named as upstream's (`@ai-sdk/provider-utils` `DownloadError`).
 *
 * @since 0.1.0
 * @category models
 */
export interface DownloadErrorOptions {
  readonly url: string
  readonly statusCode?: number | undefined
  readonly statusText?: string | undefined
  readonly message?: string | undefined
  readonly cause?: unknown
}

/**
 * A failed download; the default message is upstream's:
 * `Failed to download <url>: <statusCode> <statusText>` without a cause,
 * `Failed to download <url>: <cause>` with one.
 *
 * @since 0.1.0
 * @category errors
 */
export class DownloadError extends UpstreamError<DownloadError>(name)("DownloadError", {
  message: Schema.String,
  url: Schema.String,
  statusCode: Schema.optional(Schema.Number),
  statusText: Schema.optional(Schema.String),
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: DownloadErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? (options.cause == null
        ? `Failed to download ${options.url}: ${options.statusCode} ${options.statusText}`
        : `Failed to download ${options.url}: ${String(options.cause)}`),
      url: options.url,
      statusCode: options.statusCode,
      statusText: options.statusText,
      cause: options.cause
    }), makeOptions)
  }
}

/**
 * What `DownloadError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type DownloadErrorLike = UpstreamLike<DownloadError>
