/** The catalogue areas built by build/vite-lingui-areas.ts. */
declare module 'virtual:lingui-areas' {
  import type { Messages } from '@lingui/core';

  export const catalogLoaders: Record<string, Record<string, () => Promise<{ messages: Messages }>>>;
}
