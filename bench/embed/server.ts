/**
 * The loopback embeddings server of `bench/embed/run.ts`, in its own process so its CPU is not
 * counted: answers OpenAI `/embeddings` requests with `dims`-dimensional vectors, as decimal floats
 * or (when the request asks `encoding_format: "base64"`) packed float32, from bodies built once
 * per chunk size. Prints its port on stdout.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"

const dims = Number(process.argv[2] ?? 1536)
const vector = Array.from({ length: dims }, (_, i) => Math.sin(i + 1) * 0.05)
const floatItem = `{"object":"embedding","embedding":[${vector.map((x) => x.toPrecision(9)).join(",")}]}`
const base64Item = `{"object":"embedding","embedding":"${Buffer.from(Float32Array.from(vector).buffer).toString("base64")}"}`
const cache = new Map<string, Buffer>()
const bodyFor = (n: number, base64: boolean): Buffer => {
  const key = `${n}:${base64}`
  let body = cache.get(key)
  if (body === undefined) {
    const item = base64 ? base64Item : floatItem
    body = Buffer.from(`{"object":"list","data":[${Array.from({ length: n }, () => item).join(",")}],"model":"text-embedding-3-small","usage":{"prompt_tokens":${n},"total_tokens":${n}}}`)
    cache.set(key, body)
  }
  return body
}

const server = http.createServer((req, res) => {
  const chunks: Array<Buffer> = []
  req.on("data", (c: Buffer) => chunks.push(c))
  req.on("end", () => {
    const text = Buffer.concat(chunks).toString("utf8")
    const request = JSON.parse(text) as { input: Array<string>; encoding_format?: string }
    const n = request.input.length
    const base64 = request.encoding_format === "base64"
    const body = bodyFor(n, base64)
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length })
    res.end(body)
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, "127.0.0.1", () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`))
