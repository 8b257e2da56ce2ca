/**
 * `IdGenerator`: the source of generated ids (tool call ids, text part ids),
 * a service so tests can make ids deterministic.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Option } from "effect"

/**
 * The upstream default alphabet of `createIdGenerator`.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/**
 * A synchronous id source. Synchronous on purpose: the tool-call tracker calls
 * it inside a pure state machine, once per new call.
 *
 * @since 0.1.0
 * @category models
 */
export interface IdGeneratorShape {
  readonly generate: () => string
}

/**
 * Builds an id function exactly like upstream `createIdGenerator` without a
 * prefix: `size` characters drawn from `alphabet` with `Math.random` (not
 * cryptographically secure, as upstream).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeRandom = (options?: {
  readonly size?: number | undefined
  readonly alphabet?: string | undefined
}): () => string => {
  const size = options?.size ?? 16
  const alphabet = options?.alphabet ?? defaultAlphabet
  return () => {
    const alphabetLength = alphabet.length
    let id = ""
    for (let i = 0; i < size; i++) {
      id += alphabet[(Math.random() * alphabetLength) | 0]
    }
    return id
  }
}

/**
 * A deterministic counter: `id-0`, `id-1`, ... (upstream's test `mockId`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeCounter = (prefix = "id"): () => string => {
  let counter = 0
  return () => `${prefix}-${counter++}`
}

/**
 * The id generator service. The default layer is upstream `generateId`
 * (16 alphanumeric characters); `layerCounter` is the deterministic one.
 *
 * @since 0.1.0
 * @category services
 */
export class IdGenerator extends Context.Service<IdGenerator, IdGeneratorShape>()("aimux/IdGenerator") {
  /**
   * Upstream `generateId`: 16 random alphanumeric characters.
   *
   * @since 0.1.0
   */
  static readonly layer: Layer.Layer<IdGenerator> = Layer.succeed(IdGenerator, { generate: makeRandom() })

  /**
   * Deterministic ids `<prefix>-0`, `<prefix>-1`, ...; a fresh counter per
   * layer build.
   *
   * @since 0.1.0
   */
  static readonly layerCounter = (prefix = "id"): Layer.Layer<IdGenerator> =>
    Layer.sync(IdGenerator, () => ({ generate: makeCounter(prefix) }))

  /**
   * The counter layer with the `id` prefix (`id-0`, `id-1`, ...).
   *
   * @since 0.1.0
   */
  static readonly layerTest: Layer.Layer<IdGenerator> = IdGenerator.layerCounter("id")
}

/**
 * The `generate` of the `IdGenerator` in context, else a fresh upstream
 * `generateId` (what a provider model captures when it is built).
 *
 * @since 0.1.0
 * @category accessors
 */
export const generatorFromContext: Effect.Effect<() => string> = Effect.map(
  Effect.serviceOption(IdGenerator),
  Option.match({ onNone: () => makeRandom(), onSome: (service) => service.generate })
)
