/**
 * Language catalogues split by area: the first screen downloads the shell's messages, a screen the
 * messages of its feature folder, instead of the whole catalogue. Built from the one catalogue that
 * `npm run i18n:extract` writes (locales/{locale}/messages.po), using each message's origins: a message used
 * anywhere outside src/features/ belongs to the shell; one used only in src/features/<area>/ to that area (to every
 * such area when several use it). `all` is the whole catalogue, the runtime's fallback for a message it lacks.
 *
 * Modules: `virtual:lingui-areas` exports `catalogLoaders[locale][area]()` (dynamic imports, one chunk each) and
 * `virtual:lingui-areas/<locale>/<area>` is one compiled catalogue, the same code the Lingui Vite plugin emits.
 *
 * Wherever code outside src/features/ loads a feature's module lazily (`import('../features/<area>/…')`: the
 * screens of src/app/pages.ts and public-pages.ts, the tab badges), the import also loads that area's messages, and resolves when both
 * are there, so a screen never renders before its texts. Done here, for every such import, so none can forget it.
 */

import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import type { Plugin } from 'vite';

const INDEX = 'virtual:lingui-areas';
const RESOLVED = '\0lingui-areas';
export const SHELL_AREA = 'shell';
export const ALL_AREAS = 'all';

type Catalog = Awaited<ReturnType<typeof getCatalogs>>[number];

/** The areas of one message from its origins (file paths relative to the project root). */
export function areasOf(origins: readonly string[]): string[] {
  const areas = new Set<string>();
  for (const file of origins) {
    const feature = /(?:^|\/)src\/features\/([^/]+)\//.exec(file.replace(/\\/g, '/'));
    if (!feature?.[1]) return [SHELL_AREA];
    areas.add(feature[1]);
  }
  return areas.size === 0 ? [SHELL_AREA] : [...areas];
}

async function theCatalog(config: LinguiConfigNormalized): Promise<Catalog> {
  const catalogs = await getCatalogs(config);
  const [catalog] = catalogs;
  if (!catalog || catalogs.length !== 1) throw new Error('lingui-areas expects exactly one catalogue');
  return catalog;
}

/** Message id → its areas, from the source locale's catalogue (the one with every message). */
async function areaIndex(config: LinguiConfigNormalized, catalog: Catalog): Promise<Map<string, string[]>> {
  const source = (await catalog.read(config.sourceLocale)) ?? {};
  const index = new Map<string, string[]>();
  for (const [id, message] of Object.entries(source)) {
    if (message.obsolete) continue;
    index.set(id, areasOf((message.origin ?? []).map(([file]) => file)));
  }
  return index;
}

/** `import('…/features/<area>/…')` in a module outside src/features/. */
const FEATURE_IMPORT = /\bimport\((['"])((?:\.{1,2}\/)+(?:[\w-]+\/)*features\/([\w-]+)\/[^'"]+)\1\)/g;

/** Rewrites the lazy feature imports of one module; null when it has none. */
export function withAreaLoads(code: string, i18nModule: string): string | null {
  let found = false;
  const rewritten = code.replace(
    FEATURE_IMPORT,
    (whole: string, _quote: string, _path: string, area: string) => {
      found = true;
      return `__linguiAreaImport(${whole}, ${JSON.stringify(area)})`;
    },
  );
  // Appended, not prepended (imports are hoisted): the lines keep their numbers for stack traces.
  const helper = `\nimport { withCatalogArea as __linguiAreaImport } from ${JSON.stringify(i18nModule)};\n`;
  return found ? rewritten + helper : null;
}

export function linguiAreas(i18nModule: string): Plugin {
  let config: LinguiConfigNormalized;
  let index: Promise<{ catalog: Catalog; areas: Map<string, string[]> }> | null = null;
  const load = (): Promise<{ catalog: Catalog; areas: Map<string, string[]> }> => {
    index ??= theCatalog(config).then(async (catalog) => ({
      catalog,
      areas: await areaIndex(config, catalog),
    }));
    return index;
  };
  return {
    name: 'lingui-areas',
    configResolved() {
      config = getConfig();
    },
    buildStart() {
      index = null;
    },
    watchChange(id) {
      if (id.endsWith('.po')) index = null;
    },
    transform: {
      filter: {
        id: { include: /\/src\/.*\.tsx?$/, exclude: [/\/src\/features\//, /\/src\/i18n\/i18n\.ts$/] },
      },
      handler(code) {
        const rewritten = withAreaLoads(code, i18nModule);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
    resolveId: {
      filter: { id: /^virtual:lingui-areas/ },
      handler(id) {
        return id.startsWith(INDEX) ? RESOLVED + id.slice(INDEX.length) : null;
      },
    },
    load: {
      filter: { id: /^\0lingui-areas/ },
      async handler(id) {
        if (!id.startsWith(RESOLVED)) return null;
        const { catalog, areas } = await load();
        for (const locale of config.locales) this.addWatchFile(catalog.getFilename(locale));
        if (id === RESOLVED) return loadersModule(config.locales, areas);
        const [, locale, area] = id.slice(RESOLVED.length).split('/');
        if (!locale || !area || !config.locales.includes(locale))
          throw new Error(`lingui-areas: bad module ${id}`);
        const { messages } = await catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
        });
        const picked = Object.fromEntries(
          Object.entries(messages).filter(
            ([messageId]) => area === ALL_AREAS || (areas.get(messageId) ?? [SHELL_AREA]).includes(area),
          ),
        );
        const { source, errors } = createCompiledCatalog(locale, picked, { namespace: 'es' });
        if (errors.length > 0)
          throw new Error(`lingui-areas: ${errors.length} messages do not compile (${locale})`);
        return { code: source, moduleType: 'js' };
      },
    },
  };
}

function loadersModule(locales: string[], index: Map<string, string[]>): string {
  const areas = [...new Set([SHELL_AREA, ALL_AREAS, ...[...index.values()].flat()])].sort();
  const perLocale = locales.map((locale) => {
    const entries = areas.map(
      (area) => `${JSON.stringify(area)}: () => import(${JSON.stringify(`${INDEX}/${locale}/${area}`)})`,
    );
    return `${JSON.stringify(locale)}: {\n    ${entries.join(',\n    ')}\n  }`;
  });
  return `export const catalogLoaders = {\n  ${perLocale.join(',\n  ')}\n};\n`;
}
