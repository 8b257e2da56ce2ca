import { describe, expect, it } from "vitest"
import * as aimux from "../src/index.ts"
import * as interop from "../src/interop/index.ts"
import * as testing from "../src/testing/index.ts"

describe("package entry points", () => {
  it("the root entry exposes the contract, core, errors and every provider", () => {
    expect(typeof aimux.LanguageModel.LanguageModel).toBe("function")
    expect(typeof aimux.LanguageModel.make).toBe("function")
    expect(typeof aimux.StreamText.streamText).toBe("function")
    expect(typeof aimux.GenerateText.generateText).toBe("function")
    expect(typeof aimux.Tool.make).toBe("function")
    expect(typeof aimux.ToolCallParser.parseToolCall).toBe("function")
    expect(new aimux.Errors.APICallError({ message: "m", url: "u", requestBodyValues: {} }).name)
      .toBe("AI_APICallError")
    expect(typeof aimux.OpenAI.layerChat).toBe("function")
    expect(typeof aimux.OpenAICompatible.layer).toBe("function")
    expect(typeof aimux.Groq.layer).toBe("function")
    expect(typeof aimux.DeepSeek.layer).toBe("function")
    expect(typeof aimux.Anthropic.layer).toBe("function")
    expect(typeof aimux.StreamPart.StreamPart).toBe("function")
    expect(typeof aimux.ReliableModel.layer).toBe("function")
    expect(typeof aimux.Download.restricted).toBe("function")
  })

  it("the testing and interop entries expose the kit and the bridges", () => {
    expect(typeof testing.MockLanguageModel.layer).toBe("function")
    expect(typeof testing.ReplayHttpClient.make).toBe("function")
    expect(typeof interop.fromLanguageModelV4).toBe("function")
    expect(typeof interop.toLanguageModelV4).toBe("function")
  })
})
