/**
 * MCP (Model Context Protocol): an MCP server's tools as an aimux toolkit, and an aimux toolkit
 * served over MCP. Needs the optional peer `@modelcontextprotocol/sdk`.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as McpAuth from "./McpAuth.ts"
/** @since 0.1.0 */
export * as McpClient from "./McpClient.ts"
/** @since 0.1.0 */
export * as McpModelOutput from "./McpModelOutput.ts"
/** @since 0.1.0 */
export * as McpRequest from "./McpRequest.ts"
/** @since 0.1.0 */
export * as McpResult from "./McpResult.ts"
/** @since 0.1.0 */
export * as McpServer from "./McpServer.ts"
/** @since 0.1.0 */
export * as McpTools from "./McpTools.ts"
/** @since 0.1.0 */
export * as McpTransport from "./McpTransport.ts"
