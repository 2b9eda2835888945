/**
 * One module per ionicon. `ionicons/icons` is one module holding every icon's SVG; a bundler keeps the
 * icons some screen uses, all in one chunk that the first screen then downloads. Here `import { a, b as c } from
 * 'ionicons/icons'` in the portal's sources becomes one import per icon, so each icon travels with the screens
 * that show it.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:ionicon/';
const RESOLVED = '\0ionicon/';
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])ionicons\/icons\2;?/g;

/** Rewrites the named imports of `ionicons/icons` in one module; null when it has none. */
export function splitIconImports(code: string): string | null {
  let found = false;
  const rewritten = code.replace(NAMED_IMPORT, (whole: string, names: string) => {
    found = true;
    // As many line breaks as the import had, so the following lines keep their numbers.
    const breaks = '\n'.repeat(whole.split('\n').length - 1);
    const imports = names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name.length > 0)
      .map((name) => {
        const icon = name.split(/\s+as\s+/)[0]?.trim() ?? name;
        return `import { ${name} } from '${PREFIX}${icon}';`;
      })
      .join(' ');
    return imports + breaks;
  });
  return found ? rewritten : null;
}

/** `export const name = "data:…";` lines of ionicons/icons/index.mjs, by name. */
export function iconSources(source: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const match of source.matchAll(/^export const (\w+) = ("[^\n]*");?$/gm)) {
    if (match[1] && match[2]) icons.set(match[1], match[2]);
  }
  return icons;
}

export function ionicons(): Plugin {
  let icons: Map<string, string> | null = null;
  return {
    name: 'ionicons-per-icon',
    transform: {
      filter: { id: { include: /\/src\/.*\.tsx?$/, exclude: /node_modules/ }, code: /ionicons\/icons/ },
      handler(code) {
        const rewritten = splitIconImports(code);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
    resolveId: {
      filter: { id: /^virtual:ionicon\// },
      handler(id) {
        return RESOLVED + id.slice(PREFIX.length);
      },
    },
    load: {
      filter: { id: /^\0ionicon\// },
      async handler(id) {
        if (!icons) {
          const resolved = await this.resolve('ionicons/icons');
          if (!resolved) throw new Error('ionicons: cannot resolve ionicons/icons');
          icons = iconSources(readFileSync(resolved.id, 'utf8'));
        }
        const name = id.slice(RESOLVED.length);
        const svg = icons.get(name);
        if (!svg) throw new Error(`ionicons: no icon named ${name}`);
        return { code: `export const ${name} = ${svg};\n`, moduleType: 'js' };
      },
    },
  };
}
