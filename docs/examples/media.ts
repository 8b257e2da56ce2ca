/**
 * The examples of docs/media.md: images, speech and a transcript with OpenAI models, and the
 * other providers' media constructors.
 */
import { Effect, Layer } from "effect"
import { FetchHttpClient, type HttpClient } from "effect/http"
import { GenerateImage, GenerateSpeech, ImageModel, Transcribe } from "aimux"
import { AmazonBedrock } from "aimux/amazon-bedrock"
import { Google } from "aimux/google"
import { GoogleVertex } from "aimux/google-vertex"
import { Groq } from "aimux/groq"
import { OpenAI } from "aimux/openai"
import { XAI } from "aimux/xai"

// four images; gpt-image-1 takes up to 10 per call, so this is one request
export const images = GenerateImage.generateImage({ prompt: "A lighthouse at dawn", n: 4, size: "1024x1024" }).pipe(
  Effect.map((result) => result.images.map((image) => ({ mediaType: image.mediaType, bytes: image.uint8Array }))),
  Effect.provide(OpenAI.imageLayer("gpt-image-1"))
)

export const speech = GenerateSpeech.generateSpeech({ text: "Hello from aimux", voice: "nova", outputFormat: "wav" }).pipe(
  Effect.map((result) => result.audio),
  Effect.provide(OpenAI.speechLayer("gpt-4o-mini-tts"))
)

// bytes, base64, or a URL (fetched through the Download service, or by the model itself)
export const transcript = Transcribe.transcribe({ audio: new URL("https://example.com/talk.mp3") }).pipe(
  Effect.map((result) => ({ text: result.text, segments: result.segments, language: result.language })),
  Effect.provide(OpenAI.transcriptionLayer("whisper-1"))
)

export const main = Effect.all([images, speech, transcript]).pipe(Effect.provide(FetchHttpClient.layer))

// editing: images (and a mask) in the prompt go to /images/edits as multipart form data
export const edit = (photo: Uint8Array, mask: Uint8Array) =>
  GenerateImage.generateImage({
    prompt: { images: [photo], mask, text: "Replace the sky with a sunset" },
    providerOptions: { openai: { quality: "high" } }
  }).pipe(Effect.provide(OpenAI.imageLayer("gpt-image-1")))

// the other providers' media models, each a Layer of the same service
const imageLayers: ReadonlyArray<Layer.Layer<ImageModel.ImageModel, unknown, HttpClient.HttpClient>> = [
  XAI.imageLayer("grok-imagine-image"),
  Google.imageLayer("gemini-2.5-flash-image"),
  GoogleVertex.imageLayer("gemini-2.5-flash-image", { apiKey: "..." }),
  AmazonBedrock.imageLayer("amazon.nova-canvas-v1:0", { region: "us-east-1" })
]
export const imageModels = imageLayers.map((layer) => Layer.provide(layer, FetchHttpClient.layer))

export const groqTranscript = (audio: Uint8Array) =>
  Transcribe.transcribe({ audio, providerOptions: { groq: { language: "en" } } }).pipe(
    Effect.provide(Groq.transcriptionLayer("whisper-large-v3")),
    Effect.provide(FetchHttpClient.layer)
  )
