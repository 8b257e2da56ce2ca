/**
 * Groq's provider tool factory (upstream `groq.tools.browserSearch`): browser search, run by
 * Groq on the models that support it (a warning elsewhere, as upstream).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as Factory from "../../provider-utils/ProviderToolFactory.ts"

const Empty = Schema.Struct({})
const browser = Factory.executed<{}, {}, {}>({ id: "groq.browser_search", inputSchema: Empty, outputSchema: Empty })

/** Browser search (upstream `groq.tools.browserSearch`). @since 0.1.0 @category tools */
export const browserSearch = (args: {} = {}) => browser(args)
