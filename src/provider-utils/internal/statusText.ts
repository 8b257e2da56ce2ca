/**
 * Standard HTTP reason phrases, for clients whose responses carry no
 * `statusText` (upstream reads `Response.statusText`).
 *
 * @internal
 */
const phrases: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  529: ""
}

/** @internal */
export const reasonPhrase = (status: number): string => phrases[status] ?? ""
