/**
 * Upstream `fixJson` (`ai/src/util/fix-json.ts`, 7.0.173), ported state for state: closes an
 * incomplete JSON text so that a standard parser can read it. Its quirks (the text is cut back
 * to the last "valid" character, keys and signs never count as valid) define what a partial
 * structured output is, so the port is exact rather than cleaned up.
 *
 * @internal
 */

// states as numbers (erasable syntax only: no enums)
const S = {
  Root: 0,
  Finish: 1,
  InsideString: 2,
  InsideStringEscape: 3,
  InsideStringUnicodeEscape: 4,
  InsideLiteral: 5,
  InsideNumber: 6,
  InsideObjectStart: 7,
  InsideObjectKey: 8,
  InsideObjectAfterKey: 9,
  InsideObjectBeforeValue: 10,
  InsideObjectAfterValue: 11,
  InsideObjectAfterComma: 12,
  InsideArrayStart: 13,
  InsideArrayAfterValue: 14,
  InsideArrayAfterComma: 15,
} as const
type S = (typeof S)[keyof typeof S]

const isHexDigit = (char: string) =>
  (char >= "0" && char <= "9") || (char >= "A" && char <= "F") || (char >= "a" && char <= "f")

const isDigit = (char: string) => char >= "0" && char <= "9"

/**
 * Closes an incomplete JSON text (upstream `fixJson`, one linear scan).
 *
 * @internal
 */
export const fixJson = (input: string): string => {
  const stack: Array<S> = [S.Root]
  let lastValidIndex = -1
  let literalStart = 0
  let unicodeEscapeDigits = 0
  const top = () => stack[stack.length - 1]
  const swap = (next: S) => {
    stack.pop()
    stack.push(next)
  }
  const processValueStart = (char: string, i: number, swapState: S) => {
    if (char === "\"") {
      lastValidIndex = i
      swap(swapState)
      stack.push(S.InsideString)
    } else if (char === "f" || char === "t" || char === "n") {
      lastValidIndex = i
      literalStart = i
      swap(swapState)
      stack.push(S.InsideLiteral)
    } else if (char === "-") {
      swap(swapState)
      stack.push(S.InsideNumber)
    } else if (isDigit(char)) {
      lastValidIndex = i
      swap(swapState)
      stack.push(S.InsideNumber)
    } else if (char === "{") {
      lastValidIndex = i
      swap(swapState)
      stack.push(S.InsideObjectStart)
    } else if (char === "[") {
      lastValidIndex = i
      swap(swapState)
      stack.push(S.InsideArrayStart)
    }
  }
  const processAfterObjectValue = (char: string, i: number) => {
    if (char === ",") swap(S.InsideObjectAfterComma)
    else if (char === "}") {
      lastValidIndex = i
      stack.pop()
    }
  }
  const processAfterArrayValue = (char: string, i: number) => {
    if (char === ",") swap(S.InsideArrayAfterComma)
    else if (char === "]") {
      lastValidIndex = i
      stack.pop()
    }
  }
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!
    switch (top()) {
      case S.Root:
        processValueStart(char, i, S.Finish)
        break
      case S.InsideObjectStart:
        if (char === "\"") swap(S.InsideObjectKey)
        else if (char === "}") {
          lastValidIndex = i
          stack.pop()
        }
        break
      case S.InsideObjectAfterComma:
        if (char === "\"") swap(S.InsideObjectKey)
        break
      case S.InsideObjectKey:
        if (char === "\"") swap(S.InsideObjectAfterKey)
        break
      case S.InsideObjectAfterKey:
        if (char === ":") swap(S.InsideObjectBeforeValue)
        break
      case S.InsideObjectBeforeValue:
        processValueStart(char, i, S.InsideObjectAfterValue)
        break
      case S.InsideObjectAfterValue:
        processAfterObjectValue(char, i)
        break
      case S.InsideString:
        if (char === "\"") {
          stack.pop()
          lastValidIndex = i
        } else if (char === "\\") {
          stack.push(S.InsideStringEscape)
        } else {
          lastValidIndex = i
        }
        break
      case S.InsideArrayStart:
        if (char === "]") {
          lastValidIndex = i
          stack.pop()
        } else {
          processValueStart(char, i, S.InsideArrayAfterValue)
        }
        break
      case S.InsideArrayAfterValue:
        if (char === ",") swap(S.InsideArrayAfterComma)
        else if (char === "]") {
          lastValidIndex = i
          stack.pop()
        } else {
          lastValidIndex = i
        }
        break
      case S.InsideArrayAfterComma:
        processValueStart(char, i, S.InsideArrayAfterValue)
        break
      case S.InsideStringEscape:
        stack.pop()
        if (char === "u") {
          unicodeEscapeDigits = 0
          stack.push(S.InsideStringUnicodeEscape)
        } else {
          lastValidIndex = i
        }
        break
      case S.InsideStringUnicodeEscape:
        if (isHexDigit(char)) {
          unicodeEscapeDigits++
          if (unicodeEscapeDigits === 4) {
            stack.pop()
            lastValidIndex = i
          }
        }
        break
      case S.InsideNumber:
        if (isDigit(char)) {
          lastValidIndex = i
        } else if (char === "e" || char === "E" || char === "-" || char === ".") {
          // part of a number, not yet a valid end
        } else if (char === ",") {
          stack.pop()
          if (top() === S.InsideArrayAfterValue) processAfterArrayValue(char, i)
          if (top() === S.InsideObjectAfterValue) processAfterObjectValue(char, i)
        } else if (char === "}") {
          stack.pop()
          if (top() === S.InsideObjectAfterValue) processAfterObjectValue(char, i)
        } else if (char === "]") {
          stack.pop()
          if (top() === S.InsideArrayAfterValue) processAfterArrayValue(char, i)
        } else {
          stack.pop()
        }
        break
      case S.InsideLiteral: {
        const partialLiteral = input.substring(literalStart, i + 1)
        if (!"false".startsWith(partialLiteral) && !"true".startsWith(partialLiteral) && !"null".startsWith(partialLiteral)) {
          stack.pop()
          if (top() === S.InsideObjectAfterValue) processAfterObjectValue(char, i)
          else if (top() === S.InsideArrayAfterValue) processAfterArrayValue(char, i)
        } else {
          lastValidIndex = i
        }
        break
      }
      case S.Finish:
      case undefined:
        break
    }
  }
  let result = input.slice(0, lastValidIndex + 1)
  for (let i = stack.length - 1; i >= 0; i--) {
    switch (stack[i]) {
      case S.InsideString:
        result += "\""
        break
      case S.InsideObjectKey:
      case S.InsideObjectAfterKey:
      case S.InsideObjectAfterComma:
      case S.InsideObjectStart:
      case S.InsideObjectBeforeValue:
      case S.InsideObjectAfterValue:
        result += "}"
        break
      case S.InsideArrayStart:
      case S.InsideArrayAfterComma:
      case S.InsideArrayAfterValue:
        result += "]"
        break
      case S.InsideLiteral: {
        const partialLiteral = input.substring(literalStart, input.length)
        if ("true".startsWith(partialLiteral)) result += "true".slice(partialLiteral.length)
        else if ("false".startsWith(partialLiteral)) result += "false".slice(partialLiteral.length)
        else if ("null".startsWith(partialLiteral)) result += "null".slice(partialLiteral.length)
        break
      }
    }
  }
  return result
}
