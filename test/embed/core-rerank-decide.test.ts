/**
 * `rerank`, `experimental_decide` and `cosineSimilarity` against upstream `ai` 7.0.173 on the same
 * scripted models (`MockRerankingModelV4` / `DecisionMockModelV4` vs aimux's mock Layers): the
 * model call options, results, events and errors (ranking index checks, empty documents, retries,
 * answer validation, rounding, refusals, unsupported question types, argument checks).
 */
import { describe, expect, it } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { cosineSimilarity as upstreamCosine, experimental_decide as upstreamDecide, rerank as upstreamRerank } from "ai"
import { Experimental_DecisionMockModelV4 as DecisionMockModelV4, MockRerankingModelV4 } from "ai/test"
import { Effect } from "effect"
import * as CosineSimilarity from "../../src/core/CosineSimilarity.ts"
import * as Decide from "../../src/core/Decide.ts"
import * as Rerank from "../../src/core/Rerank.ts"
import type { DecisionResult, Question } from "../../src/contract/Decision.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { RerankingResult } from "../../src/contract/Reranking.ts"
import * as MockDecisionModel from "../../src/testing/MockDecisionModel.ts"
import * as MockRerankingModel from "../../src/testing/MockRerankingModel.ts"
import { errorJson } from "../providers/_kit/Wire.ts"

const at = new Date(0)
const view = (outcome: { ok: unknown } | { error: unknown }) =>
  "ok" in outcome ? { ok: JSON.parse(JSON.stringify(outcome.ok)) } : { error: errorJson(outcome.error) }
const settle = <A>(p: Promise<A>) => p.then((ok) => ({ ok }), (error: unknown) => ({ error }))
const eventView = (name: string, event: object) => {
  const { callId: _c, aiVersion: _v, ...rest } = event as Record<string, unknown>
  return JSON.parse(JSON.stringify({ name, ...rest }))
}

type RerankReply = RerankingResult | { readonly fail: number }

const rerankBoth = async (documents: ReadonlyArray<unknown>, extra: { topN?: number; maxRetries?: number }, replies: ReadonlyArray<RerankReply>) => {
  const upstreamCalls: Array<unknown> = []
  const upstreamEvents: Array<unknown> = []
  let i = 0
  const upstream = view(await settle(upstreamRerank({
    model: new MockRerankingModelV4({
      doRerank: async (options) => {
        upstreamCalls.push(JSON.parse(JSON.stringify({ ...options, abortSignal: undefined })))
        const reply = replies[Math.min(i++, replies.length - 1)]
        if ("fail" in reply) throw new UpstreamAPICallError({ message: "x", url: "u", requestBodyValues: {}, statusCode: reply.fail })
        return reply as never
      }
    }),
    documents: documents as Array<string>,
    query: "q",
    ...extra,
    onStart: (e) => void upstreamEvents.push(eventView("onStart", e)),
    onEnd: (e) => void upstreamEvents.push(eventView("onEnd", { ...e, response: { ...e.response, timestamp: undefined } })),
    telemetry: { integrations: [{ onRerankStart: (e) => void upstreamEvents.push(eventView("onRerankStart", e)), onRerankEnd: (e) => void upstreamEvents.push(eventView("onRerankEnd", e)) }] }
  }).then((r) => ({ ...r, rerankedDocuments: r.rerankedDocuments, response: { ...r.response, timestamp: undefined } }))))
  const oursEvents: Array<unknown> = []
  const record = (name: string) => (e: object) => Effect.sync(() => void oursEvents.push(eventView(name, e)))
  const ours = await Effect.runPromise(Effect.gen(function*() {
    const exit = yield* Rerank.rerank({
      documents: documents as Array<string>,
      query: "q",
      ...extra,
      onStart: record("onStart"),
      onEnd: (e) => record("onEnd")({ ...e, response: { ...e.response, timestamp: undefined } }),
      onRerankStart: record("onRerankStart"),
      onRerankEnd: record("onRerankEnd")
    }).pipe(
      Effect.map((r) => ({ ...r, rerankedDocuments: r.rerankedDocuments, response: { ...r.response, timestamp: undefined } })),
      Effect.match({ onSuccess: (ok) => ({ ok }), onFailure: (error) => ({ error }) })
    )
    const recorder = yield* MockRerankingModel.MockRerankingModel
    return { outcome: view(exit), calls: JSON.parse(JSON.stringify(yield* recorder.rerankCalls)) }
  }).pipe(Effect.provide(MockRerankingModel.layer({
    rerank: (_o, index) => {
      const reply = replies[Math.min(index, replies.length - 1)]
      return "fail" in reply ? Effect.fail(new APICallError({ message: "x", url: "u", requestBodyValues: {}, statusCode: reply.fail })) : Effect.succeed(reply)
    }
  }))))
  return { upstream: { outcome: upstream, calls: upstreamCalls, events: upstreamEvents }, ours: { ...ours, events: oursEvents } }
}

const ranking = (...pairs: Array<[number, number]>): RerankingResult => ({
  ranking: pairs.map(([index, relevanceScore]) => ({ index, relevanceScore })),
  response: { id: "r-1", modelId: "rr-1", timestamp: at, headers: { h: "1" }, body: { b: 1 } },
  providerMetadata: { p: { x: 1 } },
  warnings: [{ type: "other", message: "w" }]
})

describe("rerank (differential)", () => {
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<unknown>, { topN?: number; maxRetries?: number }, ReadonlyArray<RerankReply>]> = [
    ["strings, topN", ["a", "b", "c"], { topN: 2 }, [ranking([2, 0.9], [0, 0.3])]],
    ["objects", [{ id: 1 }, { id: 2 }], {}, [ranking([1, 0.7], [0, 0.1])]],
    ["no documents: no call", [], {}, [ranking()]],
    ["an index out of range", ["a"], {}, [ranking([1, 0.5])]],
    ["a fractional index", ["a", "b"], {}, [ranking([0.5, 0.5])]],
    ["a non-retryable 400 is the error itself", ["a"], {}, [{ fail: 400 }]],
    ["maxRetries 0 and a 500", ["a"], { maxRetries: 0 }, [{ fail: 500 }]],
    ["a response without metadata", ["a"], {}, [{ ranking: [{ index: 0, relevanceScore: 1 }] }]]
  ]
  for (const [name, documents, extra, replies] of cases) {
    it(name, async () => {
      const both = await rerankBoth(documents, extra, replies)
      expect(both.ours.calls).toEqual(both.upstream.calls)
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.events).toEqual(both.upstream.events)
    })
  }
})

const decideBoth = async (
  questions: Record<string, Question>,
  reply: DecisionResult | { readonly fail: number },
  extra: { state?: unknown; maxOutputTokens?: number; supported?: Array<"choice" | "score" | "box" | "boolean"> } = {}
) => {
  const state = extra.state ?? "the state"
  const upstreamCalls: Array<unknown> = []
  const upstreamEvents: Array<unknown> = []
  const upstream = view(await settle(upstreamDecide({
    model: new DecisionMockModelV4({
      ...(extra.supported !== undefined ? { supportedQuestionTypes: extra.supported } : {}),
      doDecide: async (options: object) => {
        upstreamCalls.push(JSON.parse(JSON.stringify({ ...options, abortSignal: undefined })))
        if ("fail" in reply) throw new UpstreamAPICallError({ message: "x", url: "u", requestBodyValues: {}, statusCode: reply.fail })
        return reply as never
      }
    }),
    state: state as never,
    questions: questions as never,
    maxRetries: 0,
    ...(extra.maxOutputTokens !== undefined ? { maxOutputTokens: extra.maxOutputTokens } : {}),
    onStart: (e) => void upstreamEvents.push(eventView("onStart", e)),
    onEnd: (e) => void upstreamEvents.push(eventView("onEnd", { ...e, response: { ...e.response, timestamp: undefined } }))
  }).then((r) => ({ ...r, response: { ...r.response, timestamp: undefined } }))))
  const oursEvents: Array<unknown> = []
  const ours = await Effect.runPromise(Effect.gen(function*() {
    const outcome = yield* Decide.decide({
      state: state as never,
      questions,
      maxRetries: 0,
      ...(extra.maxOutputTokens !== undefined ? { maxOutputTokens: extra.maxOutputTokens } : {}),
      onStart: (e) => Effect.sync(() => void oursEvents.push(eventView("onStart", e))),
      onEnd: (e) => Effect.sync(() => void oursEvents.push(eventView("onEnd", { ...e, response: { ...e.response, timestamp: undefined } })))
    }).pipe(
      Effect.map((r) => ({ ...r, response: { ...r.response, timestamp: undefined } })),
      Effect.match({ onSuccess: (ok) => ({ ok }), onFailure: (error) => ({ error }) })
    )
    const recorder = yield* MockDecisionModel.MockDecisionModel
    return { outcome: view(outcome), calls: JSON.parse(JSON.stringify(yield* recorder.decideCalls)) }
  }).pipe(Effect.provide(MockDecisionModel.layer({
    ...(extra.supported !== undefined ? { supportedQuestionTypes: extra.supported } : {}),
    decide: () => "fail" in reply ? Effect.fail(new APICallError({ message: "x", url: "u", requestBodyValues: {}, statusCode: reply.fail })) : Effect.succeed(reply)
  }))))
  return { upstream: { outcome: upstream, calls: upstreamCalls, events: upstreamEvents }, ours: { ...ours, events: oursEvents } }
}

const answers = (a: DecisionResult["answers"], more: Partial<DecisionResult> = {}): DecisionResult => ({
  answers: a,
  warnings: [],
  usage: { inputTokens: 10, outputTokens: 2 },
  response: { id: "d-1", timestamp: at },
  ...more
})
const choice: Question = { type: "choice", instructions: "pick", criteria: { yes: "if so", no: null } }
const score: Question = { type: "score", criteria: ["low", "mid", "high"] }
const bool: Question = { type: "boolean", instructions: "is it?" }
const box: Question = { type: "box", instructions: "where" }

describe("experimental_decide (differential)", () => {
  const cases: ReadonlyArray<readonly [string, Record<string, Question>, DecisionResult | { readonly fail: number }, Parameters<typeof decideBoth>[2]]> = [
    ["choice, score and boolean answered", { c: choice, s: score, b: bool }, answers({
      c: { type: "choice", choice: "yes", probabilities: { yes: 0.7, no: 0.3 } },
      s: { type: "score", score: 1.2, probabilities: { "0": 0.1, "1": 0.6, "2": 0.3 } },
      b: { type: "boolean", probability: 0.25 }
    }), {}],
    ["a JSON object state", { b: bool }, answers({ b: { type: "boolean", probability: 1 } }), { state: { a: [1, 2] } }],
    ["state parts", { b: bool }, answers({ b: { type: "boolean", probability: 0 } }), { state: [{ type: "text", text: "t" }, { type: "json", value: { k: true } }] }],
    ["a refusal", { c: choice, b: bool }, answers({ c: { type: "refusal" }, b: { type: "boolean", probability: 0.5 } }), {}],
    ["an unknown choice", { c: choice }, answers({ c: { type: "choice", choice: "maybe" } }), {}],
    ["not the most likely choice", { c: choice }, answers({ c: { type: "choice", choice: "no", probabilities: { yes: 0.7, no: 0.3 } } }), {}],
    ["probabilities within the declared rounding", { c: choice }, answers({ c: { type: "choice", choice: "yes", probabilities: { yes: 0.67, no: 0.34 } } }, { rounding: { probabilityDecimals: 2 } }), {}],
    ["probabilities off the rounding", { c: choice }, answers({ c: { type: "choice", choice: "yes", probabilities: { yes: 0.7, no: 0.4 } } }, { rounding: { probabilityDecimals: 2 } }), {}],
    ["a score off the weighted mean", { s: score }, answers({ s: { type: "score", score: 0.2, probabilities: { "0": 0.1, "1": 0.6, "2": 0.3 } } }), {}],
    ["a score out of range", { s: score }, answers({ s: { type: "score", score: 2.5 } }), {}],
    ["invalid rounding decimals", { b: bool }, answers({ b: { type: "boolean", probability: 0.5 } }, { rounding: { scoreDecimals: 16 } }), {}],
    ["a missing answer", { b: bool, c: choice }, answers({ b: { type: "boolean", probability: 0.5 } }), {}],
    ["a wrong answer type", { b: bool }, answers({ b: { type: "choice", choice: "yes" } }), {}],
    ["a box (supported)", { x: box }, answers({ x: { type: "box", box: { top: 0.1, bottom: 0.5, left: 0.2, right: 0.9 } } }), { supported: ["box"] }],
    ["an inverted box", { x: box }, answers({ x: { type: "box", box: { top: 0.6, bottom: 0.5, left: 0.2, right: 0.9 } } }), { supported: ["box"] }],
    ["an unsupported question type", { x: box }, answers({}), {}],
    ["no questions", {}, answers({}), {}],
    ["an empty choice", { c: { type: "choice", criteria: {} } }, answers({}), {}],
    ["a boolean without instructions or criteria", { b: { type: "boolean", criteria: { true: null } } }, answers({}), {}],
    ["maxOutputTokens 0", { b: bool }, answers({}), { maxOutputTokens: 0 }],
    ["a non-finite number in the state", { b: bool }, answers({}), { state: { n: Number.POSITIVE_INFINITY } }],
    ["a model error", { b: bool }, { fail: 400 }, {}]
  ]
  for (const [name, questions, reply, extra] of cases) {
    it(name, async () => {
      const both = await decideBoth(questions, reply, extra)
      expect(both.ours.calls).toEqual(both.upstream.calls)
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.events).toEqual(both.upstream.events)
    })
  }
})

describe("cosineSimilarity (differential)", () => {
  const pairs: ReadonlyArray<readonly [ReadonlyArray<number>, ReadonlyArray<number>]> = [
    [[1, 2, 3], [4, 5, 6]],
    [[1, 0], [0, 1]],
    [[0, 0], [1, 1]],
    [[], []],
    [[-1.5, 2e-8, 3], [-1.5, 2e-8, 3]],
    [[1, 2], [1, 2, 3]]
  ]
  for (const [a, b] of pairs) {
    it.effect(`${JSON.stringify(a)} · ${JSON.stringify(b)}`, () =>
      Effect.gen(function*() {
        const upstream = (() => {
          try {
            return { ok: upstreamCosine([...a], [...b]) }
          } catch (error) {
            return { error: errorJson(error) }
          }
        })()
        const ours = yield* CosineSimilarity.cosineSimilarity(a, b).pipe(
          Effect.match({ onSuccess: (ok) => ({ ok }), onFailure: (error) => ({ error: errorJson(error) }) })
        )
        expect(ours).toEqual(upstream)
      }))
  }
})
