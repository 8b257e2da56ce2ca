/**
 * Differential tests of structured output in generateText against upstream `ai`
 * (`generateText({ output })` + `MockLanguageModelV4`): the response format each call sends, the
 * result's `output`, and `NoObjectGeneratedError` (name, message, text, finish reason, usage,
 * response id/model, cause name) on the same scripted results. The output is compared through an
 * Effect Schema on our side and the equivalent zod schema upstream, and through the same plain
 * JSON Schema on both.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, jsonSchema as upstreamJsonSchema, Output as UpstreamOutput } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect, Schema } from "effect"
import { z } from "zod"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Output from "../../src/core/Output.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

const scripted = (
  text: string,
  unified: "stop" | "tool-calls" | "length" = "stop",
  extra: Partial<GenerateResult> = {}
): GenerateResult => ({
  content: text === "" ? [] : [{ type: "text", text }],
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) },
  ...extra
})

const errorView = (u: unknown): unknown => {
  if (!(u instanceof Error)) return { notAnError: String(u) }
  const e = u as Error & Record<string, unknown>
  const response = e.response as { id?: unknown; modelId?: unknown } | undefined
  return {
    name: e.name,
    message: e.message,
    text: e.text,
    finishReason: e.finishReason,
    usage: JSON.parse(JSON.stringify(e.usage ?? null)),
    response: { id: response?.id, modelId: response?.modelId },
    cause: e.cause instanceof Error ? e.cause.name : e.cause
  }
}

type Outcome = { readonly ok: true; readonly output: unknown; readonly responseFormat: unknown } | {
  readonly ok: false
  readonly error: unknown
  readonly responseFormat: unknown
}

const runUpstream = async (output: unknown, result: GenerateResult): Promise<Outcome> => {
  const model = new MockLanguageModelV4({ doGenerate: result as never })
  try {
    const r = await upstreamGenerateText({ model, prompt: "hi", ...(output !== undefined ? { output: output as never } : {}) })
    let value: unknown
    try {
      value = r.output
    } catch {
      value = undefined // upstream's getter throws NoOutputGeneratedError where aimux has undefined
    }
    return { ok: true, output: value, responseFormat: model.doGenerateCalls[0]?.responseFormat }
  } catch (error) {
    return { ok: false, error: errorView(error), responseFormat: model.doGenerateCalls[0]?.responseFormat }
  }
}

const runOurs = (output: Output.Any | undefined, result: GenerateResult) =>
  Effect.gen(function*() {
    const recorder = yield* MockLanguageModel.MockLanguageModel
    const exit = yield* Effect.exit(GenerateText.generateText({ prompt: "hi", output }))
    const calls = yield* recorder.generateCalls
    const responseFormat = calls[0]?.responseFormat
    return exit._tag === "Success"
      ? { ok: true as const, output: exit.value.output, responseFormat }
      : { ok: false as const, error: errorView(exit.cause.reasons[0] !== undefined && "error" in exit.cause.reasons[0] ? exit.cause.reasons[0].error : exit.cause), responseFormat }
  }).pipe(Effect.provide(MockLanguageModel.layer({ generate: result })))

const differential = (name: string, ours: Output.Any | undefined, upstream: unknown, result: GenerateResult) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const expected = yield* Effect.promise(() => runUpstream(upstream, result))
      const actual = yield* runOurs(ours, result)
      expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(expected)))
      expect(actual.ok).toBe(expected.ok)
    }))

const Person = Schema.Struct({ name: Schema.String, age: Schema.Number })
const zPerson = z.object({ name: z.string(), age: z.number() })
const personJsonSchema = {
  type: "object",
  properties: { name: { type: "string" }, age: { type: "number" } },
  required: ["name", "age"],
  additionalProperties: false
} as const

describe("generateText output (vs upstream)", () => {
  differential("no output: no response format, output is the text", undefined, undefined, scripted("hello"))
  differential("Output.text: {type:'text'}", Output.text(), UpstreamOutput.text(), scripted("hello"))

  const person = Output.object({ schema: Person, name: "person", description: "a person" })
  const zodPerson = UpstreamOutput.object({ schema: zPerson, name: "person", description: "a person" })
  differential("object (Effect Schema vs zod): parsed and validated", person, zodPerson, scripted("{\"name\":\"Ada\",\"age\":36}"))
  differential("object: text that does not parse", person, zodPerson, scripted("not json"))
  differential("object: JSON that does not match", person, zodPerson, scripted("{\"name\":\"Ada\"}"))
  differential("object: prototype key rejected by the secure parse", person, zodPerson, scripted("{\"__proto__\":{\"a\":1},\"name\":\"x\",\"age\":1}"))
  differential("object: finish 'tool-calls' leaves output unparsed", person, zodPerson, scripted("{\"name\"", "tool-calls"))
  differential("object: finish 'length' with text is parsed (and fails)", person, zodPerson, scripted("{\"name\":\"A", "length"))
  differential("object: finish 'length' without text is not parsed", person, zodPerson, scripted("", "length"))
  differential("object: structuredOutputText wins over the text", person, zodPerson, scripted("Here you go", "stop", {
    structuredOutputText: "{\"name\":\"B\",\"age\":2}"
  }))
  differential(
    "object with a plain JSON Schema (no validation)",
    Output.object({ schema: Tool.jsonSchema(personJsonSchema) }),
    UpstreamOutput.object({ schema: upstreamJsonSchema(personJsonSchema) }),
    scripted("{\"name\":1}")
  )

  // a JSON Schema with its own validation: upstream's `validate` returns a result, aimux's an Effect
  const isPerson = (value: unknown): value is { name: string; age: number } =>
    typeof value === "object" && value !== null && "name" in value && typeof value.name === "string" && "age" in value && typeof value.age === "number"
  const upstreamValidated = upstreamJsonSchema(personJsonSchema, {
    validate: (value) => (isPerson(value) ? { success: true, value: { ...value, checked: true } } : { success: false, error: new Error("not a person") })
  })
  const validated = Tool.jsonSchema(personJsonSchema, {
    validate: (value) => (isPerson(value) ? Effect.succeed({ ...value, checked: true }) : Effect.fail(new Error("not a person")))
  })
  differential(
    "object with a JSON Schema and validate: the validated value",
    Output.object({ schema: validated }),
    UpstreamOutput.object({ schema: upstreamValidated }),
    scripted("{\"name\":\"Ada\",\"age\":36}")
  )
  differential(
    "object with a JSON Schema and validate: a failed validation is NoObjectGeneratedError",
    Output.object({ schema: validated }),
    UpstreamOutput.object({ schema: upstreamValidated }),
    scripted("{\"name\":1}")
  )
  differential(
    "array with a JSON Schema element and validate: elements validated, one invalid fails",
    Output.array({ element: validated }),
    UpstreamOutput.array({ element: upstreamValidated }),
    scripted("{\"elements\":[{\"name\":\"a\",\"age\":1},{\"name\":\"b\"}]}")
  )
  differential(
    "array with a JSON Schema element and validate: all valid",
    Output.array({ element: validated }),
    UpstreamOutput.array({ element: upstreamValidated }),
    scripted("{\"elements\":[{\"name\":\"a\",\"age\":1},{\"name\":\"b\",\"age\":2}]}")
  )

  const items = Output.array({ element: Person, minItems: 1, maxItems: 2 })
  const zodItems = UpstreamOutput.array({ element: zPerson, minItems: 1, maxItems: 2 })
  differential("array: elements parsed", items, zodItems, scripted("{\"elements\":[{\"name\":\"a\",\"age\":1}]}"))
  differential("array: not an elements object", items, zodItems, scripted("[1,2]"))
  differential("array: too few", items, zodItems, scripted("{\"elements\":[]}"))
  differential("array: too many", items, zodItems, scripted("{\"elements\":[{\"name\":\"a\",\"age\":1},{\"name\":\"a\",\"age\":1},{\"name\":\"a\",\"age\":1}]}"))
  differential("array: an invalid element", items, zodItems, scripted("{\"elements\":[{\"name\":\"a\"}]}"))
  differential(
    "array without bounds, named",
    Output.array({ element: Schema.String, name: "tags" }),
    UpstreamOutput.array({ element: z.string(), name: "tags" }),
    scripted("{\"elements\":[\"x\",\"y\"]}")
  )

  const choice = Output.choice({ options: ["red", "green"], description: "a colour" })
  const zodChoice = UpstreamOutput.choice({ options: ["red", "green"], description: "a colour" })
  differential("choice: a valid choice", choice, zodChoice, scripted("{\"result\":\"green\"}"))
  differential("choice: not one of the options", choice, zodChoice, scripted("{\"result\":\"blue\"}"))

  differential("json: any JSON", Output.json({ name: "data" }), UpstreamOutput.json({ name: "data" }), scripted("[1,{\"a\":null}]"))
  differential("json: does not parse", Output.json(), UpstreamOutput.json(), scripted("{"))

  it.effect("array with invalid bounds fails with upstream's CoreInvalidArgumentError message", () =>
    Effect.gen(function*() {
      let upstreamMessage = ""
      try {
        UpstreamOutput.array({ element: z.string(), minItems: 3, maxItems: 1 })
      } catch (error) {
        upstreamMessage = (error as Error).message
      }
      const exit = yield* Effect.exit(
        GenerateText.generateText({ prompt: "hi", output: Output.array({ element: Schema.String, minItems: 3, maxItems: 1 }) }).pipe(
          Effect.provide(MockLanguageModel.layer({ generate: scripted("{}") }))
        )
      )
      expect(exit._tag).toBe("Failure")
      const error = exit._tag === "Failure" ? exit.cause.reasons[0] : undefined
      expect(error !== undefined && "error" in error ? (error.error as Error).message : "").toBe(upstreamMessage)
    }))
})
