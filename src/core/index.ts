/**
 * Core generation: step content, response messages, stop conditions, usage, generateText and
 * streamText.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as CoreUsage from "./CoreUsage.ts"
/** @since 0.1.0 */
export * as GenerateImage from "./GenerateImage.ts"
/** @since 0.1.0 */
export * as GenerateSpeech from "./GenerateSpeech.ts"
/** @since 0.1.0 */
export * as GenerateText from "./GenerateText.ts"
/** @since 0.1.0 */
export * as ResponseMessages from "./ResponseMessages.ts"
/** @since 0.1.0 */
export * as StepContent from "./StepContent.ts"
/** @since 0.1.0 */
export * as StopCondition from "./StopCondition.ts"
/** @since 0.1.0 */
export * as StreamText from "./StreamText.ts"
/** @since 0.1.0 */
export * as Tool from "./Tool.ts"
/** @since 0.1.0 */
export * as Toolkit from "./Toolkit.ts"
/** @since 0.1.0 */
export * as ToolResult from "./ToolResult.ts"
/** @since 0.1.0 */
export * as TypedToolCall from "./TypedToolCall.ts"
/** @since 0.1.0 */
export * as ExecuteTool from "./ExecuteTool.ts"
/** @since 0.1.0 */
export * as ToolCallParser from "./ToolCallParser.ts"
/** @since 0.1.0 */
export * as ToolJsonSchema from "./ToolJsonSchema.ts"
/** @since 0.1.0 */
export * as Output from "./Output.ts"
/** @since 0.1.0 */
export * as OutputStream from "./OutputStream.ts"
/** @since 0.1.0 */
export * as Agent from "./Agent.ts"
/** @since 0.1.0 */
export * as ToolApproval from "./approval/ToolApproval.ts"
/** @since 0.1.0 */
export * as ToolApprovalResume from "./approval/ToolApprovalResume.ts"
/** @since 0.1.0 */
export * as ToolApprovalSignature from "./approval/ToolApprovalSignature.ts"
/** @since 0.1.0 */
export * as SmoothStream from "./SmoothStream.ts"
/** @since 0.1.0 */
export * as GenerationEvents from "./GenerationEvents.ts"
/** @since 0.1.0 */
export * as StepResult from "./StepResult.ts"
/** @since 0.1.0 */
export * as StreamTextResult from "./StreamTextResult.ts"
/** @since 0.1.0 */
export * as TextStreamPart from "./TextStreamPart.ts"
/** @since 0.1.0 */
export * as StreamTextLowMemory from "./StreamTextLowMemory.ts"
/** @since 0.1.0 */
export * as TypedContent from "./TypedContent.ts"
/** @since 0.1.0 */
export * as Steering from "./Steering.ts"
/** @since 0.1.0 */
export * as GenerationInclude from "./GenerationInclude.ts"
/** @since 0.1.0 */
export * as Embed from "./Embed.ts"
/** @since 0.1.0 */
export * as EmbedEvents from "./EmbedEvents.ts"
/** @since 0.1.0 */
export * as CosineSimilarity from "./CosineSimilarity.ts"
/** @since 0.1.0 */
export * as Rerank from "./Rerank.ts"
/** @since 0.1.0 */
export * as RerankEvents from "./RerankEvents.ts"
/** @since 0.1.0 */
export * as Decide from "./Decide.ts"
/** @since 0.1.0 */
export * as Transcribe from "./Transcribe.ts"
/** @since 0.1.0 */
export * from "./middleware/index.ts"
/** @since 0.1.0 */
export * from "./registry/index.ts"
/** @since 0.1.0 */
export * as Telemetry from "./Telemetry.ts"
/** @since 0.1.0 */
export * as TelemetryMetrics from "./TelemetryMetrics.ts"
