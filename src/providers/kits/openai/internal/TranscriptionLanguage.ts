/**
 * Upstream's transcription language handling (`openai-transcription-model.ts`): a two-letter code
 * as it is, a language name from its `languageMap` as the code.
 *
 * @internal
 */

const languageMap: Readonly<Record<string, string>> = {
  afrikaans: "af",
  arabic: "ar",
  armenian: "hy",
  azerbaijani: "az",
  belarusian: "be",
  bosnian: "bs",
  bulgarian: "bg",
  catalan: "ca",
  chinese: "zh",
  croatian: "hr",
  czech: "cs",
  danish: "da",
  dutch: "nl",
  english: "en",
  estonian: "et",
  finnish: "fi",
  french: "fr",
  galician: "gl",
  german: "de",
  greek: "el",
  hebrew: "he",
  hindi: "hi",
  hungarian: "hu",
  icelandic: "is",
  indonesian: "id",
  italian: "it",
  japanese: "ja",
  kannada: "kn",
  kazakh: "kk",
  korean: "ko",
  latvian: "lv",
  lithuanian: "lt",
  macedonian: "mk",
  malay: "ms",
  marathi: "mr",
  maori: "mi",
  nepali: "ne",
  norwegian: "no",
  persian: "fa",
  polish: "pl",
  portuguese: "pt",
  romanian: "ro",
  russian: "ru",
  serbian: "sr",
  slovak: "sk",
  slovenian: "sl",
  spanish: "es",
  swahili: "sw",
  swedish: "sv",
  tagalog: "tl",
  tamil: "ta",
  thai: "th",
  turkish: "tr",
  ukrainian: "uk",
  urdu: "ur",
  vietnamese: "vi",
  welsh: "cy"
}

/** The ISO-639-1 code of a response's `language`, or `undefined`. @internal */
export const languageCodeOf = (language: string | null | undefined): string | undefined => {
  if (language == null) return undefined
  if (/^[a-z]{2}$/.test(language)) return language
  return Object.hasOwn(languageMap, language) ? languageMap[language] : undefined
}

/** The ISO-639-1 code of a language name only (`@ai-sdk/openai` 4.0.81, which passes no code through). @internal */
export const languageCodeOfName = (language: string | null | undefined): string | undefined =>
  language != null && Object.hasOwn(languageMap, language) ? languageMap[language] : undefined
