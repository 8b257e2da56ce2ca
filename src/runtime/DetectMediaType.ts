/**
 * Media type detection from a file's leading bytes (upstream provider-utils
 * `detect-media-type.ts`): the signature tables, the bounded prefix decode with
 * the ID3v2 skip, the top-level segment and the full-type check, ported as
 * they are.
 *
 * @since 0.1.0
 */
import { convertBase64ToUint8Array } from "./Base64.ts"

const imageMediaTypeSignatures = [
  {
    mediaType: "image/gif",
    bytesPrefix: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61], // GIF87a
  },
  {
    mediaType: "image/gif",
    bytesPrefix: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], // GIF89a
  },
  {
    mediaType: "image/png",
    bytesPrefix: [0x89, 0x50, 0x4e, 0x47], // PNG
  },
  {
    mediaType: "image/jpeg",
    bytesPrefix: [0xff, 0xd8], // JPEG
  },
  {
    mediaType: "image/webp",
    bytesPrefix: [
      0x52,
      0x49,
      0x46,
      0x46, // "RIFF"
      null,
      null,
      null,
      null, // file size (variable)
      0x57,
      0x45,
      0x42,
      0x50, // "WEBP"
    ],
  },
  {
    mediaType: "image/bmp",
    bytesPrefix: [0x42, 0x4d, null, null, null, null, 0x00, 0x00, 0x00, 0x00],
  },
  {
    mediaType: "image/tiff",
    bytesPrefix: [0x49, 0x49, 0x2a, 0x00],
  },
  {
    mediaType: "image/tiff",
    bytesPrefix: [0x4d, 0x4d, 0x00, 0x2a],
  },
  {
    mediaType: "image/avif",
    bytesPrefix: [
      0x00,
      0x00,
      0x00,
      null, // box size (variable)
      0x66,
      0x74,
      0x79,
      0x70,
      0x61,
      0x76,
      0x69,
      0x66,
    ],
  },
  {
    mediaType: "image/heic",
    bytesPrefix: [
      0x00,
      0x00,
      0x00,
      null, // box size (variable)
      0x66,
      0x74,
      0x79,
      0x70,
      0x68,
      0x65,
      0x69,
      0x63,
    ],
  },
]

const documentMediaTypeSignatures = [
  {
    mediaType: "application/pdf",
    bytesPrefix: [0x25, 0x50, 0x44, 0x46], // %PDF
  },
]

const audioMediaTypeSignaturesWithoutMp4 = [
  {
    mediaType: "audio/aac",
    bytesPrefix: [0xff, 0xf0], // MPEG-4 ADTS with CRC
  },
  {
    mediaType: "audio/aac",
    bytesPrefix: [0xff, 0xf1], // MPEG-4 ADTS without CRC
  },
  {
    mediaType: "audio/aac",
    bytesPrefix: [0xff, 0xf8], // MPEG-2 ADTS with CRC
  },
  {
    mediaType: "audio/aac",
    bytesPrefix: [0xff, 0xf9], // MPEG-2 ADTS without CRC
  },
  {
    mediaType: "audio/mpeg",
    bytesPrefix: [0xff, 0xfb],
  },
  {
    mediaType: "audio/mpeg",
    bytesPrefix: [0xff, 0xfa],
  },
  {
    mediaType: "audio/mpeg",
    bytesPrefix: [0xff, 0xf3],
  },
  {
    mediaType: "audio/mpeg",
    bytesPrefix: [0xff, 0xf2],
  },
  {
    mediaType: "audio/mpeg",
    bytesPrefix: [0xff, 0xe3],
  },
  {
    mediaType: "audio/mpeg",
    bytesPrefix: [0xff, 0xe2],
  },
  {
    mediaType: "audio/wav",
    bytesPrefix: [
      0x52, // R
      0x49, // I
      0x46, // F
      0x46, // F
      null,
      null,
      null,
      null,
      0x57, // W
      0x41, // A
      0x56, // V
      0x45, // E
    ],
  },
  {
    mediaType: "audio/ogg",
    bytesPrefix: [0x4f, 0x67, 0x67, 0x53],
  },
  {
    mediaType: "audio/flac",
    bytesPrefix: [0x66, 0x4c, 0x61, 0x43],
  },
  {
    mediaType: "audio/aac",
    bytesPrefix: [0x40, 0x15, 0x00, 0x00],
  },
  {
    mediaType: "audio/webm",
    bytesPrefix: [0x1a, 0x45, 0xdf, 0xa3],
  },
]

const audioMediaTypeSignatures = [
  ...audioMediaTypeSignaturesWithoutMp4,
  {
    mediaType: "audio/mp4",
    bytesPrefix: [
      0x00,
      0x00,
      0x00,
      null,
      0x66,
      0x74,
      0x79,
      0x70, // ftyp
    ],
  },
]

const videoMediaTypeSignatures = [
  {
    mediaType: "video/mp4",
    bytesPrefix: [
      0x00,
      0x00,
      0x00,
      null,
      0x66,
      0x74,
      0x79,
      0x70, // ftyp
    ],
  },
  {
    mediaType: "video/webm",
    bytesPrefix: [0x1a, 0x45, 0xdf, 0xa3], // EBML
  },
  {
    mediaType: "video/quicktime",
    bytesPrefix: [
      0x00,
      0x00,
      0x00,
      0x14,
      0x66,
      0x74,
      0x79,
      0x70,
      0x71,
      0x74, // ftypqt
    ],
  },
  {
    mediaType: "video/x-msvideo",
    bytesPrefix: [0x52, 0x49, 0x46, 0x46], // RIFF (AVI)
  },
]

const DEFAULT_SNIFF_BYTES = 18

// Longest signature prefix in the tables above (e.g. image/avif = 12 bytes).
const MAX_SIGNATURE_BYTES = 12

// Largest ID3v2 tag (10-byte header + body) skipped to reach the audio frame.
// Covers typical tags including embedded cover art while keeping the decode
// bounded and O(1) in the attachment size.
const MAX_ID3_TAG_BYTES = 128 * 1024

// Total prefix decoded when an ID3 tag is present: the tag plus room for the
// trailing signature, so a tag right at the size limit stays detectable.
const ID3_SCAN_BYTES = MAX_ID3_TAG_BYTES + MAX_SIGNATURE_BYTES

// Decode/view exactly the first `maxBytes` bytes from the front of the input.
// The base64 and raw-byte paths yield the same length, so detection does not
// depend on the input's representation.
function decodePrefix(data: Uint8Array | string, maxBytes: number): Uint8Array {
  if (typeof data !== "string") {
    return data.length > maxBytes ? data.subarray(0, maxBytes) : data
  }
  // base64: 4 chars -> 3 bytes. Decode whole 4-char groups, then trim the 0-2
  // extra bytes so the result matches the raw-byte path exactly.
  const maxChars = Math.ceil(maxBytes / 3) * 4
  const bytes = convertBase64ToUint8Array(
    data.substring(0, Math.min(data.length, maxChars)),
  )
  return bytes.length > maxBytes ? bytes.subarray(0, maxBytes) : bytes
}

function hasID3(bytes: Uint8Array): boolean {
  return (
    bytes.length > 10 &&
    bytes[0] === 0x49 && // "I"
    bytes[1] === 0x44 && // "D"
    bytes[2] === 0x33 // "3"
  )
}

const stripID3 = (bytes: Uint8Array): Uint8Array => {
  const id3Size =
    ((bytes[6] & 0x7f) << 21) |
    ((bytes[7] & 0x7f) << 14) |
    ((bytes[8] & 0x7f) << 7) |
    (bytes[9] & 0x7f)
  return bytes.subarray(id3Size + 10)
}

type MediaTypeSignatures = ReadonlyArray<{
  readonly mediaType: string
  readonly bytesPrefix: ReadonlyArray<number | null>
}>

function detectMediaTypeBySignatures<T extends MediaTypeSignatures>({
  data,
  signatures,
}: {
  data: Uint8Array | string
  signatures: T
}): T[number]["mediaType"] | undefined {
  let bytes = decodePrefix(data, DEFAULT_SNIFF_BYTES)

  // ID3v2-tagged MP3s carry the audio frame after the tag; scan a bounded
  // prefix past it rather than decoding the whole input.
  if (hasID3(bytes)) {
    bytes = stripID3(decodePrefix(data, ID3_SCAN_BYTES))
  }

  for (const signature of signatures) {
    if (
      bytes.length >= signature.bytesPrefix.length &&
      signature.bytesPrefix.every(
        (byte, index) => byte === null || bytes[index] === byte,
      )
    ) {
      return signature.mediaType
    }
  }
}

const topLevelSignatureTables = {
  image: imageMediaTypeSignatures,
  audio: audioMediaTypeSignatures,
  video: videoMediaTypeSignatures,
  application: documentMediaTypeSignatures,
} as const
/**
 * Detects the media type of inline bytes or base64 from its signature, limited to
 * one top-level segment when given (upstream `detectMediaType`); `undefined` when
 * no signature matches or the segment has no table (e.g. `text`).
 *
 * @since 0.1.0
 * @category utils
 */
export const detectMediaType = ({ data, topLevelType }: {
  readonly data: Uint8Array | string
  readonly topLevelType?: string | undefined
}): string | undefined => {
  if (topLevelType === undefined) {
    return detectMediaTypeBySignatures({
      data,
      signatures: [
        ...imageMediaTypeSignatures,
        ...documentMediaTypeSignatures,
        // an ftyp box alone cannot tell MP4 audio from video: generic detection says video/mp4
        ...audioMediaTypeSignaturesWithoutMp4,
        ...videoMediaTypeSignatures
      ]
    })
  }
  switch (topLevelType) {
    case "image":
    case "audio":
    case "video":
    case "application":
      return detectMediaTypeBySignatures({ data, signatures: topLevelSignatureTables[topLevelType] })
    default:
      return undefined
  }
}

/**
 * The top-level segment of a media type (the part before `/`).
 *
 * @since 0.1.0
 * @category getters
 */
export const getTopLevelMediaType = (mediaType: string): string => {
  const slashIndex = mediaType.indexOf("/")
  return slashIndex === -1 ? mediaType : mediaType.substring(0, slashIndex)
}

/**
 * True when the media type has a non-empty, non-wildcard subtype.
 *
 * @since 0.1.0
 * @category guards
 */
export const isFullMediaType = (mediaType: string): boolean => {
  const slashIndex = mediaType.indexOf("/")
  if (slashIndex === -1) {
    return false
  }
  const subtype = mediaType.substring(slashIndex + 1)
  return subtype.length > 0 && subtype !== "*"
}
