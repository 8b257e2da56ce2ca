/**
 * The examples of docs/telemetry.md (each fenced block there is a region of this file);
 * docs/examples/telemetry.test.ts runs `tracing` against a loopback OTLP/HTTP receiver.
 */
import { Effect, Layer, Metric, Schema, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { Otlp } from "effect/observability"
import * as OtelTracer from "@effect/opentelemetry/OtelTracer"
import { BasicTracerProvider, BatchSpanProcessor, ConsoleSpanExporter } from "@opentelemetry/sdk-trace-base"
import { StopCondition, StreamText, Telemetry, TelemetryMetrics, Tool } from "aimux"
import { OpenAI } from "aimux/openai"

// traces and metrics over OTLP/HTTP to a collector or Jaeger (both listen on port 4318)
export const tracing = (baseUrl = "http://localhost:4318") =>
  Layer.mergeAll(
    Otlp.layerJson({ baseUrl, resource: { serviceName: "weather-bot" } }),
    Telemetry.layer({ recordInputs: true, recordOutputs: true })
  ).pipe(Layer.provide(FetchHttpClient.layer))

const weather = Tool.make({
  description: "Get the weather",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, temperature: 21 })
})

// every call is traced: ai.streamText > ai.streamText.doStream > ai.toolCall
export const weatherReport = StreamText.streamText({
  prompt: "What is the weather in Paris?",
  tools: { weather },
  stopWhen: StopCondition.isStepCount(3),
  telemetry: { functionId: "weather-report" }
}).pipe(Stream.runDrain)

export const main = weatherReport.pipe(
  Effect.provide(OpenAI.chatLayer("gpt-4o-mini").pipe(Layer.provide(FetchHttpClient.layer))),
  Effect.provide(tracing())
)

// the same spans through the OpenTelemetry JS SDK: any span processor and exporter
const provider = new BasicTracerProvider({
  spanProcessors: [new BatchSpanProcessor(new ConsoleSpanExporter())]
})
export const withOtelSdk = Layer.merge(
  OtelTracer.layer.pipe(Layer.provide(Layer.succeed(OtelTracer.OtelTracerProvider, provider))),
  Telemetry.layer()
)

// the metrics are Effect Metrics: read them in the program, one series per operation and model
export const modelCalls = Effect.map(Metric.snapshot, (all) =>
  all.filter((series) => series.id === TelemetryMetrics.requests.id).map((series) => ({
    model: series.attributes?.["gen_ai.request.model"],
    calls: series.type === "Counter" ? Number(series.state.count) : 0
  })))
