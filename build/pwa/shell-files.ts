/**
 * Which built files are the shell (precached) and which are screens (cached when first fetched), read from the
 * bundle in `generateBundle`.
 */
import type { OutputBundle } from 'rolldown';

/** The module whose chunk (and what it imports) starts the portal after the bootstrap: part of the shell. */
const SHELL_MODULES = [
  /\/src\/app\/start\.tsx$/,
  /^\0lingui-areas\/[a-z]+\/shell$/,
  // The identity library, loaded after the first screen: renewal and logout must work offline too.
  /\/src\/auth\/oidc-manager\.ts$/,
  // The side menu and the back button, mounted after the first screen: the shell's all the same, offline too.
  /\/src\/app\/side-menu\.tsx$/,
  /\/src\/ui\/ionic\/back-button\.tsx$/,
];

/**
 * The JS and CSS files of the shell, read from the bundle: the entry chunks, the chunks of SHELL_MODULES, and
 * everything they import statically, with their CSS. Filled in `generateBundle`, read when the worker is generated.
 */
export function shellFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string): void => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const [fileName, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk') continue;
    const id = chunk.facadeModuleId ?? '';
    if (chunk.isEntry || SHELL_MODULES.some((pattern) => pattern.test(id))) visit(fileName);
  }
  return files;
}

/** JS and CSS outside the shell, but the whole-catalogue fallbacks (build/vite-lingui-areas.ts). */
export function screenFiles(bundle: OutputBundle, shell: Set<string>): string[] {
  const files = new Set<string>();
  for (const [fileName, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk' || shell.has(fileName)) continue;
    if (/^\0lingui-areas\/[a-z]+\/all$/.test(chunk.facadeModuleId ?? '')) continue;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!shell.has(css)) files.add(css);
  }
  return [...files].sort();
}
