/**
 * Preloaded (`node --import`) into an `aimux` process by `streamBackpressure.test.ts`: watches
 * the process's stdout and reports on stderr (synchronously, so the reports are in order).
 *
 * - `probe:blocked` the first time `write` returns `false` (the pipe and the buffer are full);
 * - `probe:waiting` when, after that, the program registers a `drain` listener (it waits);
 * - `probe:overrun` the first time the program writes while a drain is still due (it does not);
 * - `probe:report {...}` at exit: how many writes were overruns, and the largest buffered length.
 */
import { writeSync } from "node:fs"

const out = process.stdout
const original = out.write
let blocked = false
let overruns = 0
let maxBuffered = 0

const report = (line: string) => void writeSync(2, `probe:${line}\n`)

Object.defineProperty(out, "write", {
  configurable: true,
  writable: true,
  value: (...args: Array<unknown>): boolean => {
    if (out.writableNeedDrain) {
      overruns++
      if (overruns === 1) report("overrun")
    }
    const ok: unknown = Reflect.apply(original, out, args)
    maxBuffered = Math.max(maxBuffered, out.writableLength)
    if (ok === false && !blocked) {
      blocked = true
      report("blocked")
    }
    return ok === true
  }
})

out.on("newListener", (event: string | symbol) => {
  if (event === "drain" && blocked) report("waiting")
})

process.on("exit", () => report(`report ${JSON.stringify({ overruns, maxBuffered })}`))
