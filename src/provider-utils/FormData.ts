/**
 * Multipart request helpers: upstream provider-utils `convertToFormData` and the byte views a web
 * `Blob` accepts, so a provider builds its multipart body with the web `FormData` exactly as
 * upstream does (fetch then writes the same parts; only the boundary differs).
 *
 * @since 0.1.0
 */

/**
 * The bytes as a `Blob` part without copying when they sit on an `ArrayBuffer` (a view over a
 * `SharedArrayBuffer` is copied, as `Blob` requires).
 *
 * @since 0.1.0
 * @category utils
 */
export const blobPart = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => {
  const buffer = bytes.buffer
  if (buffer instanceof ArrayBuffer) return new Uint8Array(buffer, bytes.byteOffset, bytes.byteLength)
  const copy = new Uint8Array(bytes.byteLength)
  copy.set(bytes)
  return copy
}

/**
 * A value of a form field: text, a number (sent as its string), a `Blob`, or several `Blob`s.
 *
 * @since 0.1.0
 * @category models
 */
export type FieldValue = string | number | boolean | Blob | ReadonlyArray<Blob | string> | null | undefined

/**
 * Upstream `convertToFormData`: fields in order; nullish values skipped; a one-element array as
 * one value, a longer one as repeated `key[]` (or `key` without `useArrayBrackets`).
 *
 * @since 0.1.0
 * @category converting
 */
export const convertToFormData = (
  input: ReadonlyArray<readonly [string, FieldValue]>,
  options: { readonly useArrayBrackets?: boolean | undefined } = {}
): FormData => {
  const useArrayBrackets = options.useArrayBrackets ?? true
  const formData = new FormData()
  for (const [key, value] of input) {
    if (value == null) continue
    if (Array.isArray(value)) {
      if (value.length === 1) {
        formData.append(key, value[0])
        continue
      }
      const arrayKey = useArrayBrackets ? `${key}[]` : key
      for (const item of value) formData.append(arrayKey, item)
      continue
    }
    formData.append(key, value instanceof Blob ? value : String(value))
  }
  return formData
}

const extensions: Readonly<Record<string, string>> = { mpeg: "mp3", "x-wav": "wav", opus: "ogg", mp4: "m4a", "x-m4a": "m4a" }

/**
 * Upstream `mediaTypeToExtension`: the file extension of an upload's name (`audio/mpeg` → `mp3`,
 * otherwise the subtype).
 *
 * @since 0.1.0
 * @category utils
 */
export const mediaTypeToExtension = (mediaType: string): string => {
  const subtype = mediaType.toLowerCase().split("/")[1] ?? ""
  return Object.hasOwn(extensions, subtype) ? extensions[subtype] : subtype
}
