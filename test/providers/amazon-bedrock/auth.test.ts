/**
 * Authentication, URL and headers against `@ai-sdk/amazon-bedrock`: bearer
 * keys, SigV4 for fixed credentials signed at a fixed instant (upstream's
 * `Date` faked, aimux's `TestClock` set to the same instant), session
 * tokens, credential providers, custom headers, endpoint resolution and the
 * settings errors.
 */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Redacted } from "effect"
import { TestClock } from "effect/testing"
import { afterEach, beforeEach, vi } from "vitest"
import * as AmazonBedrock from "../../../src/providers/amazon-bedrock/AmazonBedrock.ts"
import * as SigV4 from "../../../src/providers/amazon-bedrock/SigV4.ts"
import {
  aimuxStream,
  type Auth,
  chunksToBody,
  errorView,
  headersView,
  upstreamStream,
  type UpstreamOptions,
  userAgentOf
} from "./harness.ts"

const instant = Date.UTC(2026, 11, 1, 10, 30, 15, 250)
const prompt: UpstreamOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const body = chunksToBody('{"messageStop":{"stopReason":"end_turn"}}')
const keys = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" }

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: instant })
})
afterEach(() => {
  vi.useRealTimers()
})

const messageOf = (error: unknown): unknown => typeof error === "object" && error !== null ? Reflect.get(error, "message") : error

// effect's env ConfigProvider reads a snapshot of process.env: the env tests take a fresh one.
const withEnv = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.suspend(() => Effect.provide(effect, ConfigProvider.layer(ConfigProvider.fromEnv())))

const run = (auth: Auth, options: UpstreamOptions = { prompt }, modelId?: string) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(instant)
    const reply = { body }
    const upstream = yield* Effect.promise(() => upstreamStream(reply, options, modelId, auth))
    const ours = yield* aimuxStream(reply, options, modelId, auth)
    return { upstream, ours }
  })

const cases: ReadonlyArray<readonly [string, Auth, UpstreamOptions?]> = [
  ["bearer key", { region: "us-east-1", apiKey: "test-key" }],
  ["bearer key trimmed", { region: "us-west-2", apiKey: "  spaced-key \n" }],
  ["SigV4", { region: "us-east-1", ...keys }],
  ["SigV4 with a session token", { region: "eu-central-1", ...keys, sessionToken: "FQoGZXIvYXdzEXAMPLETOKEN" }],
  ["blank key falls back to SigV4", { region: "us-east-1", apiKey: "   ", ...keys }],
  ["SigV4 signs custom headers", { region: "us-east-1", ...keys, headers: { "X-Custom": "a  b", "x-other": "1" } }, {
    prompt,
    headers: { "x-call": "c", "X-Custom": "override" }
  }],
  ["China partition", { region: "cn-north-1", ...keys }],
  ["ISO partition", { region: "us-iso-east-1", apiKey: "k" }],
  ["base URL with trailing slash", { region: "us-east-1", ...keys, baseURL: "https://bedrock.example.test/base/" }],
  ["base URL without a region (bearer)", { apiKey: "k", baseURL: "https://bedrock.example.test" }]
]

describe("Amazon Bedrock auth and headers: differential against @ai-sdk/amazon-bedrock", () => {
  for (const [label, auth, options] of cases) {
    it.effect(label, () =>
      Effect.gen(function*() {
        const { ours, upstream } = yield* run(auth, options)
        expect(upstream.failure).toBeUndefined()
        expect(ours.failure).toBeUndefined()
        expect(ours.captured.url).toBe(upstream.captured.url)
        expect(headersView(ours.captured.headers)).toStrictEqual(headersView(upstream.captured.headers))
        expect(ours.captured.bodyText).toBe(upstream.captured.bodyText)
      }))
  }

  it.effect("SigV4 headers are the ones aws4fetch signs (authorization covers x-custom)", () =>
    Effect.gen(function*() {
      const { ours } = yield* run({ region: "us-east-1", ...keys, sessionToken: "tok", headers: { "x-custom": "v" } })
      const headers = headersView(ours.captured.headers)
      expect(headers["x-amz-date"]).toBe("20261201T103015Z")
      expect(headers["x-amz-security-token"]).toBe("tok")
      expect(headers["authorization"]).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261201\/us-east-1\/bedrock\/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token;x-custom, Signature=[0-9a-f]{64}$/
      )
    }))

  it.effect("a credential provider Effect", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(instant)
      const reply = { body }
      const credentials = { ...keys, sessionToken: "provided" }
      const auth: Auth = {
        region: "us-east-1",
        upstreamCredentialProvider: async () => credentials,
        credentialProvider: Effect.succeed({ ...credentials, secretAccessKey: Redacted.make(keys.secretAccessKey) })
      }
      const upstream = yield* Effect.promise(() => upstreamStream(reply, { prompt }, undefined, auth))
      const ours = yield* aimuxStream(reply, { prompt }, undefined, auth)
      expect(ours.failure).toBeUndefined()
      expect(headersView(ours.captured.headers)).toStrictEqual(headersView(upstream.captured.headers))
    }))

  it.effect("a failing credential provider", () =>
    Effect.gen(function*() {
      const auth: Auth = {
        region: "us-east-1",
        upstreamCredentialProvider: () => Promise.reject(new Error("token expired")),
        credentialProvider: Effect.fail(new Error("token expired"))
      }
      const upstream = yield* Effect.promise(() => upstreamStream({ body }, { prompt }, undefined, auth))
      const ours = yield* aimuxStream({ body }, { prompt }, undefined, auth)
      expect(messageOf(ours.failure)).toBe(messageOf(upstream.failure))
      expect(Reflect.get(Object(ours.failure), "name")).toBe("AI_LoadSettingError")
    }))

  const settingsErrors: ReadonlyArray<readonly [string, Auth]> = [
    ["no region (SigV4)", { ...keys }],
    ["no region (bearer)", { apiKey: "k" }],
    ["no access key", { region: "us-east-1", secretAccessKey: "s" }],
    ["no secret key", { region: "us-east-1", accessKeyId: "a" }]
  ]
  for (const [label, auth] of settingsErrors) {
    it.effect(`settings error: ${label}`, () =>
      Effect.gen(function*() {
        const { ours, upstream } = yield* run(auth)
        expect(upstream.failure).toBeDefined()
        expect(messageOf(ours.failure)).toBe(messageOf(upstream.failure))
        expect(Reflect.get(Object(ours.failure), "name")).toBe("AI_LoadSettingError")
        // upstream raises the region error as its LoadSettingError, the credential errors as plain Errors
        if (label.startsWith("no region")) expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
      }))
  }

  it.effect("environment: AWS_REGION, AWS_BEARER_TOKEN_BEDROCK, AWS_ENDPOINT_URL_BEDROCK_RUNTIME", () =>
    Effect.gen(function*() {
      process.env["AWS_REGION"] = "ap-south-1"
      process.env["AWS_BEARER_TOKEN_BEDROCK"] = "env-key"
      try {
        const first = yield* withEnv(run({}))
        expect(first.ours.captured.url).toBe(first.upstream.captured.url)
        expect(headersView(first.ours.captured.headers)).toStrictEqual(headersView(first.upstream.captured.headers))
        process.env["AWS_ENDPOINT_URL_BEDROCK_RUNTIME"] = "https://vpce.example.test/"
        const second = yield* withEnv(run({}))
        expect(second.ours.captured.url).toBe(second.upstream.captured.url)
        expect(second.ours.captured.url).toContain("vpce.example.test/model/")
      } finally {
        delete process.env["AWS_REGION"]
        delete process.env["AWS_BEARER_TOKEN_BEDROCK"]
        delete process.env["AWS_ENDPOINT_URL_BEDROCK_RUNTIME"]
      }
    }))

  it.effect("environment: SigV4 keys and session token", () =>
    Effect.gen(function*() {
      process.env["AWS_ACCESS_KEY_ID"] = keys.accessKeyId
      process.env["AWS_SECRET_ACCESS_KEY"] = keys.secretAccessKey
      process.env["AWS_SESSION_TOKEN"] = "env-token"
      try {
        // explicit keys: the session token is not read from the environment
        const explicit = yield* withEnv(run({ region: "us-east-1", ...keys }))
        expect(headersView(explicit.ours.captured.headers)).toStrictEqual(headersView(explicit.upstream.captured.headers))
        expect(headersView(explicit.ours.captured.headers)["x-amz-security-token"]).toBeUndefined()
        const fromEnv = yield* withEnv(run({ region: "us-east-1" }))
        expect(headersView(fromEnv.ours.captured.headers)).toStrictEqual(headersView(fromEnv.upstream.captured.headers))
        expect(headersView(fromEnv.ours.captured.headers)["x-amz-security-token"]).toBe("env-token")
      } finally {
        delete process.env["AWS_ACCESS_KEY_ID"]
        delete process.env["AWS_SECRET_ACCESS_KEY"]
        delete process.env["AWS_SESSION_TOKEN"]
      }
    }))

  it.effect("user agent: upstream's parts, aimux's provider-utils version (docs/divergences.md)", () =>
    Effect.gen(function*() {
      const { ours, upstream } = yield* run({ region: "us-east-1", apiKey: "k", headers: { "User-Agent": "my-app/1" } })
      const upstreamAgent = userAgentOf(upstream.captured.headers) ?? ""
      const ourAgent = userAgentOf(ours.captured.headers) ?? ""
      expect(upstreamAgent.startsWith("my-app/1 ai-sdk-amazon-bedrock/5.0.101 ai-sdk-provider-utils/5.0.51 ")).toBe(true)
      expect(ourAgent.startsWith("my-app/1 ai-sdk-amazon-bedrock/5.0.101 ai-sdk-provider-utils/5.0.81 ")).toBe(true)
    }))

  it("SigV4.amzDate is aws4fetch's date format", () => {
    expect(SigV4.amzDate(instant)).toBe(new Date(instant).toISOString().replace(/[:-]|\.\d{3}/g, ""))
    expect(AmazonBedrock.VERSION).toBe("5.0.101")
  })
})
