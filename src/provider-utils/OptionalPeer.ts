/**
 * Loading an optional peer dependency on first use: a feature that needs a package the user may
 * not have installed (the Bedrock event-stream codec, the SigV4 signer, the MCP SDK) imports it
 * dynamically, so that importing aimux never fails for a package only that feature needs, and a
 * missing package is a typed `LoadSettingError` naming the package and the install command.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { LoadSettingError } from "../contract/errors/LoadSettingError.ts"

/**
 * What a loader needs: the package, the feature that needs it (for the message) and the import.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<A> {
  readonly packageName: string
  readonly feature: string
  readonly load: () => Promise<A>
}

/**
 * The message of a peer that could not be loaded.
 *
 * @since 0.1.0
 * @category constructors
 */
export const missingMessage = (packageName: string, feature: string, cause: unknown): string => {
  const detail = cause instanceof Error ? cause.message : String(cause)
  return `${feature} needs the optional peer dependency '${packageName}', which could not be loaded (${detail}). Install it: npm install ${packageName}`
}

/**
 * A loader of one optional peer: the first success is kept (later calls do not import again); a
 * failure is not kept, so installing the package while the process runs is picked up.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <A>(options: Options<A>): Effect.Effect<A, LoadSettingError> => {
  let loaded: { readonly value: A } | undefined
  return Effect.suspend(() =>
    loaded !== undefined
      ? Effect.succeed(loaded.value)
      : Effect.tryPromise({
        try: options.load,
        catch: (cause) => new LoadSettingError({ message: missingMessage(options.packageName, options.feature, cause) })
      }).pipe(Effect.tap((value) => Effect.sync(() => {
        loaded = { value }
      })))
  )
}
