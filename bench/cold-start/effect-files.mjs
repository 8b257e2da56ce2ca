// `node --import ./effect-files.mjs program.mjs`: on exit, prints (stderr) one JSON line with the
// URLs of the `effect` package files the program loaded, in load order (bench/coldStart.ts builds
// the floor that imports the same effect modules as the aimux program from it).
import { registerHooks } from "node:module"

const loaded = []
registerHooks({
  load(url, context, next) {
    if (url.startsWith("file:") && /\/node_modules\/effect\//.test(url)) loaded.push(url)
    return next(url, context)
  }
})
process.on("exit", () => process.stderr.write(`${JSON.stringify(loaded)}\n`))
