import { describe, expect, it } from 'vitest';
import { iconSources, splitIconImports } from '../build/vite-ionicons';

describe('one module per ionicon (build/vite-ionicons.ts)', () => {
  it('turns a named import of ionicons/icons into one import per icon, keeping the line count', () => {
    const code = "import {\n  homeOutline,\n  star as favourite,\n} from 'ionicons/icons';\nconst x = 1;";
    const rewritten = splitIconImports(code) ?? '';
    expect(rewritten).toContain("import { homeOutline } from 'virtual:ionicon/homeOutline';");
    expect(rewritten).toContain("import { star as favourite } from 'virtual:ionicon/star';");
    expect(rewritten).not.toContain("'ionicons/icons'");
    expect(rewritten.split('\n')).toHaveLength(code.split('\n').length);
    expect(splitIconImports("import { lazy } from 'react';")).toBeNull();
  });

  it('reads the icons of the package file, with or without a semicolon', () => {
    const icons = iconSources(
      '/* Ionicons */\nexport const a = "data:image/svg+xml;utf8,<svg/>"\nexport const b = "x";\n',
    );
    expect([...icons]).toEqual([
      ['a', '"data:image/svg+xml;utf8,<svg/>"'],
      ['b', '"x"'],
    ]);
  });
});
