// A Node loader that makes Bedrock's optional peers unresolvable, as in an app that did not
// install them: `node --import ./withoutPeers.mjs script.ts`.
import { register } from "node:module"

const hook = `
const missing = new Set(["@smithy/eventstream-codec", "aws4fetch"])
export async function resolve(specifier, context, next) {
  if (missing.has(specifier)) {
    const error = new Error("Cannot find package '" + specifier + "' (hidden by the test)")
    error.code = "ERR_MODULE_NOT_FOUND"
    throw error
  }
  return next(specifier, context)
}`
register(`data:text/javascript,${encodeURIComponent(hook)}`)
