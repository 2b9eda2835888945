import type { Plugin } from 'vite';
import { themeColor } from './manifest';

/** Head tags for icons and theme colour, added to index.html only when the page does not declare them itself. */
export function pwaHeadTags(): Plugin {
  const tags = [
    {
      test: /<meta[^>]+name=["']theme-color["']/i,
      attrs: { name: 'theme-color', content: themeColor },
      tag: 'meta',
    },
    {
      test: /<link[^>]+rel=["']icon["']/i,
      attrs: { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      tag: 'link',
    },
    {
      test: /<link[^>]+rel=["']apple-touch-icon["']/i,
      attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png', sizes: '180x180' },
      tag: 'link',
    },
  ];
  return {
    name: 'portal-pwa-head-tags',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        tags
          .filter(({ test }) => !test.test(html))
          .map(({ tag, attrs }) => ({ tag, attrs, injectTo: 'head' as const })),
    },
  };
}
