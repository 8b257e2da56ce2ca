import { describe, expect, it } from "vitest"
// the package's public specifiers, resolved to src/ through the "aimux-source" export condition
import * as aimux from "aimux"
import * as amazonBedrock from "aimux/amazon-bedrock"
import * as anthropic from "aimux/anthropic"
import * as deepseek from "aimux/deepseek"
import * as googleVertex from "aimux/google-vertex"
import * as groq from "aimux/groq"
import * as interop from "aimux/interop"
import * as openai from "aimux/openai"
import * as openaiCompatible from "aimux/openai-compatible"
import * as reliability from "aimux/reliability"
import * as testing from "aimux/testing"

describe("package entry points", () => {
  it("the root entry exposes the contract, core and errors, and no provider", () => {
    expect(typeof aimux.LanguageModel.LanguageModel).toBe("function")
    expect(typeof aimux.LanguageModel.make).toBe("function")
    expect(typeof aimux.StreamText.streamText).toBe("function")
    expect(typeof aimux.GenerateText.generateText).toBe("function")
    expect(typeof aimux.Tool.make).toBe("function")
    expect(typeof aimux.ToolCallParser.parseToolCall).toBe("function")
    expect(typeof aimux.StreamPart.StreamPart).toBe("function")
    expect(new aimux.Errors.APICallError({ message: "m", url: "u", requestBodyValues: {} }).name)
      .toBe("AI_APICallError")
    // providers and wrappers live on their own subpaths, so the root loads none of them
    for (const name of ["OpenAI", "Anthropic", "Groq", "DeepSeek", "OpenAICompatible", "ReliableModel", "ProviderUtils"]) {
      expect(Object.keys(aimux)).not.toContain(name)
    }
  })

  it("each provider subpath exposes its provider namespace", () => {
    expect(typeof openai.OpenAI.defaultBaseURL).toBe("string")
    expect(Object.keys(openai)).toEqual(expect.arrayContaining(["OpenAI", "OpenAIChatLanguageModel"]))
    expect(Object.keys(anthropic)).toContain("Anthropic")
    expect(Object.keys(groq)).toContain("Groq")
    expect(Object.keys(deepseek)).toContain("DeepSeek")
    expect(Object.keys(openaiCompatible)).toContain("OpenAICompatible")
  })

  it("the hosted Anthropic models are on their host's subpath", () => {
    expect(typeof googleVertex.GoogleVertexAnthropic.model).toBe("function")
    expect(typeof amazonBedrock.AmazonBedrockAnthropic.model).toBe("function")
    expect(Object.keys(anthropic)).toEqual(expect.arrayContaining(["AnthropicApi", "AnthropicLanguageModel", "AnthropicOptions"]))
  })

  it("the reliability, testing and interop entries expose the wrappers, the kit and the bridges", () => {
    expect(typeof reliability.ReliableModel.layer).toBe("function")
    expect(typeof reliability.Download.restricted).toBe("function")
    expect(typeof testing.MockLanguageModel.layer).toBe("function")
    expect(typeof testing.ReplayHttpClient.make).toBe("function")
    expect(typeof testing.ReplayServer.start).toBe("function")
    expect(typeof interop.fromLanguageModelV4).toBe("function")
    expect(typeof interop.toLanguageModelV4).toBe("function")
  })
})
