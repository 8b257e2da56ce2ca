/**
 * `npm run chat`: builds the page if its sources changed since the last build, starts the chat
 * server on 127.0.0.1 and prints its URL; Ctrl-C stops it.
 *
 * usage: npm run chat [-- --port <n>] [-- --scripted]
 *   --port <n>   listen on this port (default 3000; 0 picks a free one)
 *   --scripted   use the embedded scripted model even when an API key is set
 *
 * @since 0.3.0
 */
import { Effect } from "effect"
import { NodeRuntime } from "@effect/platform-node"
import * as ChatModel from "./ChatModel.ts"
import * as ChatServer from "./ChatServer.ts"
import { buildPageIfNeeded, defaultOutDir } from "./PageBuild.ts"

const argv = process.argv.slice(2)
const portIndex = argv.indexOf("--port")
const portArg = portIndex === -1 ? process.env.PORT : argv[portIndex + 1]
const port = portArg === undefined || portArg === "" ? 3000 : Number(portArg)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`aimux chat: --port must be a port number, got '${portArg ?? ""}'\n`)
  process.exit(2)
}

const choice = ChatModel.fromEnv(process.env, { forceScripted: argv.includes("--scripted") })

const program = Effect.gen(function*() {
  const built = yield* Effect.promise(() => buildPageIfNeeded(defaultOutDir))
  const running = yield* ChatServer.start({ root: defaultOutDir, model: choice.layer, port, logRequests: true })
  yield* Effect.sync(() => {
    process.stdout.write(
      `aimux chat (${built ? "page built" : "page up to date"}) — model: ${choice.description}\n` +
        `open ${running.url}\n`
    )
  })
  return yield* Effect.never
})

NodeRuntime.runMain(Effect.scoped(program))
