/**
 * Builds the chat page (`../web`) with Vite's build API into a folder the server serves
 * statically (default `../dist`, gitignored), and rebuilds only when a source is newer than the
 * last build.
 *
 * @since 0.3.0
 */
import { readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { build } from "vite"

/**
 * The page's sources (`index.html`, `src/`).
 *
 * @since 0.3.0
 * @category build
 */
export const webRoot = fileURLToPath(new URL("../web/", import.meta.url))

/**
 * Where `npm run chat` builds the page.
 *
 * @since 0.3.0
 * @category build
 */
export const defaultOutDir = fileURLToPath(new URL("../dist/", import.meta.url))

const newestMtime = (dir: string): number => {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

const builtAt = (outDir: string): number | undefined => {
  try {
    return statSync(join(outDir, "index.html")).mtimeMs
  } catch {
    return undefined
  }
}

/**
 * Whether `outDir` lacks a build or holds one older than a page source.
 *
 * @since 0.3.0
 * @category build
 */
export const isStale = (outDir: string = defaultOutDir): boolean => {
  const built = builtAt(outDir)
  return built === undefined || newestMtime(webRoot) > built
}

/**
 * Builds the page into `outDir` (emptied first).
 *
 * @since 0.3.0
 * @category build
 */
export const buildPage = async (outDir: string = defaultOutDir): Promise<void> => {
  await build({
    // the page is configured here, not by a vite.config file, so every caller builds the same page
    configFile: false,
    root: webRoot,
    base: "/",
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: true, reportCompressedSize: false, chunkSizeWarningLimit: 2048 }
  })
}

/**
 * Builds the page unless `outDir` already holds a build of the current sources; resolves to
 * whether it built.
 *
 * @since 0.3.0
 * @category build
 */
export const buildPageIfNeeded = async (outDir: string = defaultOutDir): Promise<boolean> => {
  if (!isStale(outDir)) return false
  await buildPage(outDir)
  return true
}
