import { describe, expect, it } from 'vitest';
import { areasOf, withAreaLoads } from '../build/vite-lingui-areas';

describe('the catalogue areas (build/vite-lingui-areas.ts)', () => {
  it('puts a message used outside the features in the shell, else in each feature that uses it', () => {
    expect(areasOf(['src/features/home/home-page.tsx'])).toEqual(['home']);
    expect(areasOf(['src/features/home/a.tsx', 'src/features/dossier/b/c.tsx'])).toEqual(['home', 'dossier']);
    expect(areasOf(['src/features/home/a.tsx', 'src/api/error-messages.ts'])).toEqual(['shell']);
    expect(areasOf(['src/ui/refresher.tsx'])).toEqual(['shell']);
    expect(areasOf([])).toEqual(['shell']);
  });

  it("makes a lazy feature import load the feature's messages too", () => {
    const code = [
      "import { lazy } from 'react';",
      "const A = lazy(() => import('../features/consents/consent-tab-badge'));",
      'const B = () => import("../../features/home/tab-badges").then((m) => m.X);',
      "const C = () => import('./local');",
    ].join('\n');
    const rewritten = withAreaLoads(code, '/root/src/i18n/i18n.ts') ?? '';
    expect(rewritten).toContain(
      'lazy(() => __linguiAreaImport(import(\'../features/consents/consent-tab-badge\'), "consents"))',
    );
    expect(rewritten).toContain('__linguiAreaImport(import("../../features/home/tab-badges"), "home").then(');
    expect(rewritten).toContain("import('./local')");
    expect(rewritten).not.toContain("__linguiAreaImport(import('./local')");
    // The helper's import comes last, so every original line keeps its number.
    expect(
      rewritten
        .split('\n')
        .slice(0, 4)
        .map((line) => line.length > 0),
    ).toEqual([true, true, true, true]);
    expect(rewritten).toMatch(
      /import \{ withCatalogArea as __linguiAreaImport \} from "\/root\/src\/i18n\/i18n\.ts";\n$/,
    );
    expect(withAreaLoads(code.split('\n')[3] ?? '', '/x')).toBeNull();
  });
});
