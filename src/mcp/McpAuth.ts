/**
 * Finishing an OAuth authorization for an MCP server (upstream re-exports `auth` for this). A
 * client whose server answers 401 runs its `authProvider`'s flow (registration, PKCE, the
 * redirect) and fails with an `MCPClientError` caused by the SDK's `UnauthorizedError`; once the
 * user is redirected back, {@link finishAuthorization} exchanges the code for tokens, which the
 * provider stores, and the next client connects with them.
 *
 * @since 0.1.0
 */
import { auth, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js"
import { Effect } from "effect"
import type { MCPClientError } from "../contract/errors/MCPClientError.ts"
import { toClientError } from "./internal/ClientErrors.ts"
import type { AuthProvider } from "./McpTransport.ts"

/**
 * Options of {@link finishAuthorization}.
 *
 * @since 0.1.0
 * @category models
 */
export interface FinishAuthorizationOptions {
  readonly provider: AuthProvider
  readonly serverUrl: string
  readonly authorizationCode: string
}

/**
 * Exchanges an authorization code for tokens (stored through the provider).
 *
 * @since 0.1.0
 * @category utils
 */
export const finishAuthorization = Effect.fn("McpAuth.finishAuthorization")(
  function*(options: FinishAuthorizationOptions) {
    const result = yield* Effect.tryPromise({
      try: () => auth(options.provider, { serverUrl: options.serverUrl, authorizationCode: options.authorizationCode }),
      catch: (error) => toClientError(error, options.serverUrl)
    })
    if (result !== "AUTHORIZED") {
      return yield* Effect.fail(toClientError(new UnauthorizedError("Authorization was not completed"), options.serverUrl))
    }
  }
) satisfies (options: FinishAuthorizationOptions) => Effect.Effect<void, MCPClientError>

/**
 * True when an MCP client failed because its server needs (re)authorization.
 *
 * @since 0.1.0
 * @category guards
 */
export const isUnauthorized = (error: MCPClientError): boolean => error.cause instanceof UnauthorizedError
