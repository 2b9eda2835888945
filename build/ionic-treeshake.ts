/**
 * How the bundler tree-shakes Ionic (see STACK.md, "Ionic bundle size"): shared by vite.config.ts and the
 * frameworks' floor of `npm run size:floor`, so both are built alike.
 */

/**
 * `@ionic/core` declares no `sideEffects`, so every Ionic component would ship; this keeps only the
 * components the portal imports.
 */
export function moduleSideEffects(id: string): boolean {
  return (
    !/node_modules\/@ionic\/core\/components\/ion-/.test(id) && !/node_modules\/ionicons\/components/.test(id)
  );
}

/**
 * @ionic/react calls these two factories at module level without a `@__PURE__` mark (e.g. for IonNav), which kept
 * unused components; they are pure. Lazy-only components live in src/ui/ionic (STACK.md).
 */
export const manualPureFunctions = ['createForwardRef', 'createReactComponent'];
