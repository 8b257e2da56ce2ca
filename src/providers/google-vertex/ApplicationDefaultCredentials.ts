/**
 * Application Default Credentials for Vertex (upstream's node path,
 * `google-vertex-auth-google-auth-library.ts`): a `GoogleAuth` of
 * `google-auth-library` with the `cloud-platform` scope, created once per
 * model and asked for an access token per request (the library caches it
 * until it expires). `google-auth-library` is an optional peer dependency,
 * imported only here and only when a request needs it: when neither an API
 * key nor service-account credentials are given.
 *
 * @since 0.1.0
 */
import { Effect, Redacted } from "effect"
import { LoadSettingError } from "../../contract/errors/LoadSettingError.ts"

/**
 * What a token source uses of `google-auth-library` (written out, so that
 * no type of the optional peer reaches the declarations of this package).
 *
 * @since 0.1.0
 * @category models
 */
export interface GoogleAuthModule {
  readonly GoogleAuth: new(options: { readonly scopes: Array<string> }) => {
    getClient(): Promise<{ getAccessToken(): Promise<{ readonly token?: string | null | undefined }> }>
  }
}

/**
 * Loads `google-auth-library` (a test may hand in another loader).
 *
 * @since 0.1.0
 * @category models
 */
export type Loader = () => Promise<GoogleAuthModule>

const defaultLoader: Loader = () => import("google-auth-library")

const messageOf = (cause: unknown): string => cause instanceof Error ? cause.message : String(cause)

const missingLibrary = (cause: unknown) =>
  new LoadSettingError({
    message: "Google Vertex authentication: no API key and no service account credentials were given, and " +
      "Application Default Credentials need the optional peer dependency 'google-auth-library', which could not be " +
      `loaded (${messageOf(cause)}). Install google-auth-library, or pass 'apiKey' or 'googleCredentials'.`
  })

const noCredentials = (cause: unknown) =>
  new LoadSettingError({ message: `Failed to load Google Application Default Credentials: ${messageOf(cause)}` })

/**
 * Options of a token source: `google-auth-library`'s `GoogleAuthOptions`
 * (passed as they are, after the default scope), and the project, which
 * upstream sets as `projectId` under them.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly googleAuthOptions?: object | undefined
  readonly project?: string | undefined
}

/**
 * A token source: the returned effect loads the library and builds the
 * `GoogleAuth` on its first run (once, then reused), and yields an access
 * token per run. A missing library, credentials the library cannot find or
 * use, and an empty token are `LoadSettingError`s.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (
  options: Options,
  load: Loader = defaultLoader
): Effect.Effect<Effect.Effect<Redacted.Redacted<string>, LoadSettingError>> =>
  Effect.map(
    Effect.cached(Effect.tryPromise({
      try: () => load(),
      catch: missingLibrary
    }).pipe(Effect.map(({ GoogleAuth }) =>
      new GoogleAuth({
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
        ...(options.project === undefined ? options.googleAuthOptions : { projectId: options.project, ...options.googleAuthOptions })
      })
    ))),
    (auth) =>
      Effect.flatMap(auth, (googleAuth) =>
        Effect.tryPromise({
          try: async () => {
            const client = await googleAuth.getClient()
            const token = await client.getAccessToken()
            return token.token ?? null
          },
          catch: noCredentials
        }).pipe(Effect.flatMap((token) =>
          // upstream sends `Bearer null` here; a typed error says what is wrong instead
          token === null || token === ""
            ? Effect.fail(noCredentials("google-auth-library returned no access token"))
            : Effect.succeed(Redacted.make(token))
        )))
  )
