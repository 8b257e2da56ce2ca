/**
 * Bedrock's `@smithy/eventstream-codec` and `aws4fetch` are optional peer dependencies: in a
 * process where they cannot be resolved (a loader hides them, as in an app that did not install
 * them) the calls that do not need them succeed, and each call that does fails before its request
 * is sent with a `LoadSettingError` naming the package and the install command. With the packages
 * present the same script gets past the loading (it reaches the replayed bytes).
 */
import { execFile } from "node:child_process"
import * as path from "node:path"
import { describe, expect, it } from "vitest"

const dir = path.join(import.meta.dirname, "peers")

const runScript = (withoutPeers: boolean) =>
  new Promise<ReadonlyArray<Record<string, unknown>>>((resolve, reject) => {
    const args = [...(withoutPeers ? ["--import", "./withoutPeers.mjs"] : []), "script.ts"]
    execFile(process.execPath, args, { cwd: dir, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`${error.message}\n${stderr}`))
      else resolve(stdout.trim().split("\n").map((line): Record<string, unknown> => JSON.parse(line)))
    })
  })

const missing = (packageName: string, feature: string) => ({
  outcome: "failure",
  tag: "LoadSettingError",
  message: `${feature} needs the optional peer dependency '${packageName}', which could not be loaded (Cannot find package '${packageName}' (hidden by the test)). Install it: npm install ${packageName}`,
  requests: 0
})

describe("Amazon Bedrock without its optional peers", () => {
  it("bearer-key generate works; streaming and SigV4 fail with LoadSettingError before any request", async () => {
    const lines = await runScript(true)
    const codec = missing("@smithy/eventstream-codec", "Amazon Bedrock streaming (AWS event-stream decoding)")
    expect(lines).toStrictEqual([
      { case: "converse generate, bearer key", outcome: "success", requests: 1 },
      { case: "converse stream, bearer key", ...codec },
      { case: "converse generate, SigV4", ...missing("aws4fetch", "Amazon Bedrock SigV4 signing") },
      { case: "anthropic generate, bearer key", outcome: "success", requests: 1 },
      { case: "anthropic stream, bearer key", ...codec }
    ])
  }, 60_000)

  it("with the peers installed the same calls load them and reach the response", async () => {
    const lines = await runScript(false)
    expect(lines.map((line) => [line.case, line.outcome, line.tag, line.requests])).toStrictEqual([
      ["converse generate, bearer key", "success", undefined, 1],
      // the replayed body is one frame with a bad prelude CRC: the codec ran
      ["converse stream, bearer key", "failure", "InvalidResponseDataError", 1],
      ["converse generate, SigV4", "success", undefined, 1],
      ["anthropic generate, bearer key", "success", undefined, 1],
      ["anthropic stream, bearer key", "failure", "APICallError", 1]
    ])
  }, 60_000)
})
