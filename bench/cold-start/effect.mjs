// Cold start, the floor every Effect program pays: import `effect` and `effect/http` (what the aimux
// program imports besides aimux) and run a trivial Effect. Run as a fresh process by
// bench/coldStart.ts; prints the process's CPU time (user + system, µs).
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"

const value = Effect.runSync(Effect.succeed(FetchHttpClient.layer))
if (value === undefined) process.exit(1)
const cpu = process.cpuUsage()
process.stdout.write(`${cpu.user + cpu.system}\n`)
