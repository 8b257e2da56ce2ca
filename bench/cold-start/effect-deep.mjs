// Cold start, the floor of a program that imports Effect's modules directly (what aimux-deep.mjs
// imports besides aimux) and runs a trivial Effect. Prints the process's CPU time (user + system, µs).
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"

const value = Effect.runSync(Effect.succeed(FetchHttpClient.layer))
if (value === undefined) process.exit(1)
const cpu = process.cpuUsage()
process.stdout.write(`${cpu.user + cpu.system}\n`)
