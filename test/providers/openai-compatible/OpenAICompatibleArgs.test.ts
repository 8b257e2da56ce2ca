/**
 * Differential: the request body and warnings of the openai-compatible chat
 * model equal upstream's (`createOpenAICompatible`, body captured from its
 * mocked `fetch`) for the same call options, key order included; conversion
 * failures fail like upstream.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { Effect, Exit, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { getArgs } from "../../../src/providers/openai-compatible/internal/RequestArgs.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import { type CallCase, commonCases } from "./callCases.ts"
import { type Captured, json, mockFetch, readAll } from "./harness.ts"

const decodeCallOptions = Schema.decodeUnknownSync(CallOptions)
const sse = "data: {\"id\":\"x\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"

interface Settings {
  readonly name: string
  readonly includeUsage?: boolean
  readonly supportsStructuredOutputs?: boolean
  readonly supportsMultiPartToolContent?: boolean
}

const upstreamCall = async (settings: Settings, options: LanguageModelV4CallOptions) => {
  const captured: Captured = {}
  const model = createOpenAICompatible({ baseURL: "https://x.test/v1", apiKey: "k", fetch: mockFetch(sse, captured), ...settings })
    .chatModel("test-model")
  const result = await model.doStream(options)
  const { parts } = await readAll(result.stream)
  const start = parts[0]
  return { rawBody: captured.rawBody, warnings: start?.type === "stream-start" ? start.warnings : undefined }
}

const oursCall = (settings: Settings, options: LanguageModelV4CallOptions) =>
  getArgs(decodeCallOptions(options), {
    modelId: "test-model",
    providerOptionsName: settings.name,
    supportsStructuredOutputs: settings.supportsStructuredOutputs ?? false,
    supportsMultiPartToolContent: settings.supportsMultiPartToolContent ?? false
  })

const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }] })

type SettingsCase = CallCase & { readonly settings?: Partial<Settings> }

const compatCases: ReadonlyArray<SettingsCase> = [
  {
    name: "provider options under openaiCompatible",
    options: {
      prompt: [user("hi")],
      providerOptions: {
        openaiCompatible: { user: "u1", reasoningEffort: "high", textVerbosity: "low", strictJsonSchema: false }
      },
      responseFormat: { type: "json", schema: { type: "object" } }
    },
    settings: { supportsStructuredOutputs: true }
  },
  {
    name: "deprecated openai-compatible key, raw name key with passthrough keys",
    options: {
      prompt: [user("hi")],
      providerOptions: {
        "openai-compatible": { user: "old" },
        "my-provider": { user: "raw", custom_flag: true, reasoning_effort: "raw-effort" },
        myProvider: { top_k: 4 }
      }
    },
    settings: { name: "my-provider" }
  },
  {
    name: "reasoningEffort null is sent as null",
    options: { prompt: [user("hi")], providerOptions: { openaiCompatible: { reasoningEffort: null } } }
  },
  {
    name: "unset reasoning keeps raw reasoning_effort passthrough",
    options: { prompt: [user("hi")], providerOptions: { acme: { reasoning_effort: "raw", verbosity: "v" } } },
    settings: { name: "acme" }
  },
  {
    name: "openaiCompatible metadata on messages and parts, thought signatures",
    options: {
      prompt: [
        { role: "system", content: "s", providerOptions: { openaiCompatible: { cache: true } } },
        { role: "user", content: [{ type: "text", text: "one", providerOptions: { openaiCompatible: { p: 1 } } }] },
        {
          role: "user",
          content: [
            { type: "text", text: "a", providerOptions: { openaiCompatible: { p: 2 } } },
            { type: "text", text: "b" }
          ],
          providerOptions: { openaiCompatible: { m: 3 } }
        },
        {
          role: "assistant",
          content: [
            {
              type: "tool-call",
              toolCallId: "c1",
              toolName: "t",
              input: {},
              providerOptions: { acme: { thoughtSignature: "sig-1" }, openaiCompatible: { x: 1 } }
            },
            {
              type: "tool-call",
              toolCallId: "c2",
              toolName: "t",
              input: {},
              providerOptions: { google: { thoughtSignature: "sig-2" } }
            }
          ],
          providerOptions: { openaiCompatible: { a: 1 } }
        },
        {
          role: "tool",
          content: [{
            type: "tool-result",
            toolCallId: "c1",
            toolName: "t",
            output: { type: "text", value: "r" },
            providerOptions: { openaiCompatible: { tr: 1 } }
          }]
        }
      ]
    },
    settings: { name: "acme" }
  },
  {
    name: "audio, pdf, text and video files, file references",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "file", mediaType: "audio/wav", data: { type: "data", data: "UklGRiQAAABXQVZFZm10IBAAAAABAAEA" } },
          { type: "file", mediaType: "audio/mpeg", data: { type: "data", data: "//uQ" } },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" }, filename: "x.pdf" },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" } },
          { type: "file", mediaType: "text/plain", data: { type: "data", data: "aGVsbG8=" } },
          { type: "file", mediaType: "text/plain", data: { type: "url", url: new URL("https://example.com/t.txt") } },
          { type: "file", mediaType: "text/plain", data: { type: "text", text: "inline" } },
          { type: "file", mediaType: "video/mp4", data: { type: "url", url: new URL("https://example.com/v.mp4") } },
          { type: "file", mediaType: "video/mp4", data: { type: "data", data: "AAAAGGZ0eXA=" } },
          { type: "file", mediaType: "image/png", data: { type: "reference", reference: { acme: "file-1" } } }
        ]
      }]
    },
    settings: { name: "acme" }
  },
  {
    name: "multi-part tool content",
    options: {
      prompt: [{
        role: "tool",
        content: [{
          type: "tool-result",
          toolCallId: "c",
          toolName: "t",
          output: {
            type: "content",
            value: [
              { type: "text", text: "t" },
              { type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" } }
            ]
          }
        }]
      }]
    },
    settings: { supportsMultiPartToolContent: true }
  },
  { name: "include usage", options: { prompt: [user("hi")] }, settings: { includeUsage: true } }
]

const failingCases: ReadonlyArray<SettingsCase> = [
  {
    name: "audio url",
    options: {
      prompt: [{
        role: "user",
        content: [{ type: "file", mediaType: "audio/wav", data: { type: "url", url: new URL("https://e.com/a.wav") } }]
      }]
    }
  },
  {
    name: "unsupported audio type",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "audio/ogg", data: { type: "data", data: "AAAA" } }] }]
    }
  },
  {
    name: "zip file",
    options: {
      prompt: [{
        role: "user",
        content: [{ type: "file", mediaType: "application/zip", data: { type: "data", data: "UEsDBA==" } }]
      }]
    }
  },
  {
    name: "image without detectable subtype",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/*", data: { type: "data", data: "AAAA" } }] }]
    }
  },
  {
    name: "text data with image type",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "text", text: "x" } }] }]
    }
  },
  {
    name: "missing reference",
    options: {
      prompt: [{
        role: "user",
        content: [{ type: "file", mediaType: "image/png", data: { type: "reference", reference: { other: "f" } } }]
      }]
    }
  },
  {
    name: "invalid provider options",
    options: { prompt: [user("hi")], providerOptions: { openaiCompatible: { user: 5 } } }
  },
  {
    name: "custom part in multi-part tool content",
    options: {
      prompt: [{
        role: "tool",
        content: [{
          type: "tool-result",
          toolCallId: "c",
          toolName: "t",
          output: { type: "content", value: [{ type: "custom" }] }
        }]
      }]
    },
    settings: { supportsMultiPartToolContent: true }
  }
]

const settingsOf = (partial: Partial<Settings> | undefined): Settings => ({ name: "openai-compatible", ...partial })

describe("openai-compatible request body (differential)", () => {
  const cases: ReadonlyArray<SettingsCase> = [...commonCases, ...compatCases]
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const settings = settingsOf(testCase.settings)
      const upstream = await upstreamCall(settings, testCase.options)
      const ours = await Effect.runPromise(oursCall(settings, testCase.options))
      const body = {
        ...ours.args,
        stream: true,
        stream_options: settings.includeUsage ? { include_usage: true } : undefined
      }
      expect(JSON.stringify(body)).toEqual(upstream.rawBody)
      expect(json(ours.warnings)).toEqual(json(upstream.warnings))
    })
  }

  for (const testCase of failingCases) {
    it(`fails like upstream: ${testCase.name}`, async () => {
      const settings = settingsOf(testCase.settings)
      const error = await upstreamCall(settings, testCase.options).then(() => undefined, (e: unknown) => e)
      expect(error).toBeInstanceOf(Error)
      const exit = await Effect.runPromiseExit(oursCall(settings, testCase.options))
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit) && error instanceof Error) {
        const failure = exit.cause.reasons[0]
        expect(failure?._tag).toBe("Fail")
        if (failure?._tag === "Fail") {
          const ours = failure.error
          expect({ name: ours.name, message: ours.message }).toEqual({ name: error.name, message: error.message })
        }
      }
    })
  }
})
