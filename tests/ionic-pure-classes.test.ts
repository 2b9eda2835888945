import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { markClassesPure } from '../build/vite-ionic-pure-classes';

describe("@ionic/react's class components marked pure (build/vite-ionic-pure-classes.ts)", () => {
  it('wraps a React component class in a pure call, keeping what follows', () => {
    const code = [
      'const a = 1;',
      'class IonBackButton extends React.Component {',
      '    render() {',
      '        return null;',
      '    }',
      '}',
      'class Other {',
      '}',
      'export { IonBackButton };',
    ].join('\n');
    const rewritten = markClassesPure(code);
    expect(rewritten?.classes).toEqual(['IonBackButton']);
    expect(rewritten?.code).toContain(
      'const IonBackButton = /* @__PURE__ */ (() => class IonBackButton extends React.Component {',
    );
    expect(rewritten?.code).toContain('    }\n})();\nclass Other {\n}\nexport { IonBackButton };');
    // The result still runs, and the class is the same class.
    const run = new Function(
      'React',
      `${rewritten?.code.replace(/export \{[^}]*\};/, '')}; return IonBackButton;`,
    );
    expect(run({ Component: class {} }).name).toBe('IonBackButton');
    expect(markClassesPure('const x = 1;')).toBeNull();
  });

  it("finds the package's back button among the classes it wraps", () => {
    const entry = createRequire(import.meta.url).resolve('@ionic/react');
    const rewritten = markClassesPure(readFileSync(entry, 'utf8'));
    expect(rewritten?.classes).toContain('IonBackButton');
    expect(rewritten?.classes).toContain('IonTabButton');
  });
});
