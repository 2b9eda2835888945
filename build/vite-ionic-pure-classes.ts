/**
 * Marks @ionic/react's class components as pure. `class IonBackButton extends React.Component {…}` at
 * module level reads `React.Component`, which a bundler cannot prove free of side effects, so every such class
 * stays in the bundle used or not, with the Ionic component it renders (the back button's 11 kB in the first
 * screen). Each becomes `const X = /* @__PURE__ *\/ (() => class X extends … {…})();`: kept where used, dropped
 * where not. Only `React.Component` / `React.PureComponent` subclasses at column 0 are touched.
 */
import type { Plugin } from 'vite';

const CLASS_START = /^class (\w+) extends React\.(?:Pure)?Component \{$/gm;

/** The rewritten module, and the classes it wrapped; null when the code has none. */
export function markClassesPure(code: string): { code: string; classes: string[] } | null {
  const classes: string[] = [];
  let output = '';
  let from = 0;
  for (const match of code.matchAll(CLASS_START)) {
    const start = match.index;
    if (start < from) continue;
    // The class body ends at the first `}` alone on a line at column 0 (the package's formatting).
    const end = code.indexOf('\n}\n', start);
    if (end < 0) return null;
    const name = match[1] ?? '';
    const body = code.slice(start, end + 2);
    output += `${code.slice(from, start)}const ${name} = /* @__PURE__ */ (() => ${body})();`;
    from = end + 2;
    classes.push(name);
  }
  if (classes.length === 0) return null;
  return { code: output + code.slice(from), classes };
}

export function ionicPureClasses(): Plugin {
  return {
    name: 'ionic-react-pure-classes',
    apply: 'build',
    transform: {
      filter: { id: /node_modules\/@ionic\/react\/dist\/index\.js$/ },
      handler(code) {
        const rewritten = markClassesPure(code);
        return rewritten === null ? null : { code: rewritten.code, map: null };
      },
    },
  };
}
