// `node --import ./count-modules.mjs program.mjs`: on exit, prints (stderr) one JSON line with the
// JavaScript files the program loaded, grouped by package, and their source size.
import { registerHooks } from "node:module"

const loaded = new Map()
registerHooks({
  load(url, context, next) {
    const result = next(url, context)
    if (url.startsWith("file:")) {
      const source = result.source
      loaded.set(url, typeof source === "string" ? source.length : source?.byteLength ?? 0)
    }
    return result
  }
})
process.on("exit", () => {
  const groups = {}
  for (const [url, bytes] of loaded) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
    const key = match !== null ? match[1] : url.includes("/dist/") ? "aimux (dist)" : "program"
    const group = (groups[key] ??= { files: 0, bytes: 0 })
    group.files++
    group.bytes += bytes
  }
  process.stderr.write(`${JSON.stringify(groups)}\n`)
})
