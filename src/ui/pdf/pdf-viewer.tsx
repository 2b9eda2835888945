/**
 * Every page of a PDF, each drawn on its own canvas once it comes near the screen (IntersectionObserver),
 * sized to the width of the screen times the zoom; the page crossing the middle of the screen is "current".
 */
import { useLingui } from '@lingui/react/macro';
import type { CSSProperties, JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from './pdf';
import { TextLayer } from './pdf';
import './pdf.css';

interface PageSize {
  width: number;
  height: number;
}

function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const update = (): void => setWidth(element.clientWidth);
    update();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', update);
      return () => window.removeEventListener('resize', update);
    }
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export function PdfViewer({
  pdf,
  zoom,
  onCurrentPage,
  withText = false,
  label,
}: {
  pdf: PDFDocumentProxy;
  /** The name of the pages' region; "Pagine del documento" when absent. */
  label?: string;
  /** 1 fits the page to the width of the screen. */
  zoom: number;
  onCurrentPage: (page: number) => void;
  /** Puts each page's text over its canvas (pdf.js text layer), for screen readers and selection. */
  withText?: boolean;
}): JSX.Element {
  const { t } = useLingui();
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [size, setSize] = useState<PageSize | null>(null);
  const width = useWidth(container);

  useEffect(() => {
    let active = true;
    void pdf.getPage(1).then((page) => {
      const viewport = page.getViewport({ scale: 1 });
      if (active) setSize({ width: viewport.width, height: viewport.height });
    });
    return () => {
      active = false;
    };
  }, [pdf]);

  const scale = size && width > 0 ? (width / size.width) * zoom : 0;
  const pages = Array.from({ length: pdf.numPages }, (_, index) => index + 1);

  return (
    // A focusable region: a keyboard reaches the pages and scrolls them with the arrow keys.
    <section
      ref={setContainer}
      className="pdf-pages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label={label ?? t`Pagine del documento`}
    >
      {scale > 0 &&
        size &&
        pages.map((number) => (
          <PdfPage
            key={number}
            pdf={pdf}
            number={number}
            scale={scale}
            placeholder={size}
            onCurrent={onCurrentPage}
            withText={withText}
          />
        ))}
    </section>
  );
}

function PdfPage({
  pdf,
  number,
  scale,
  placeholder,
  onCurrent,
  withText,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  scale: number;
  placeholder: PageSize;
  onCurrent: (page: number) => void;
  withText: boolean;
}): JSX.Element {
  const { t } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  // The page's own size at scale 1 (pages may differ from the first one).
  const [own, setOwn] = useState<PageSize>(placeholder);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const nearby = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    const middle = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onCurrent(number);
      },
      { rootMargin: '-50% 0px -50% 0px' },
    );
    nearby.observe(element);
    middle.observe(element);
    return () => {
      nearby.disconnect();
      middle.disconnect();
    };
  }, [number, onCurrent]);

  useEffect(() => {
    const target = canvas.current;
    const context = target?.getContext('2d');
    if (!near || !target || !context) return;
    let cancelled = false;
    let cancel = (): void => undefined;
    void pdf.getPage(number).then((page) => {
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      setOwn({ width: base.width, height: base.height });
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      const task = page.render({
        canvasContext: context,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      const layer = text.current ? drawTextLayer(page, text.current, viewport) : null;
      cancel = () => {
        task.cancel();
        layer?.cancel();
      };
      task.promise.catch((error: unknown) => {
        if (!cancelled) console.warn('Page not rendered', number, error);
      });
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [near, pdf, number, scale]);

  const width = Math.floor(own.width * scale);
  const height = Math.floor(own.height * scale);
  return (
    <div
      ref={frame}
      className="pdf-page"
      style={{ width: `${width}px`, height: `${height}px`, '--scale-factor': String(scale) } as CSSProperties}
      data-page={number}
    >
      {near && <canvas ref={canvas} aria-label={t`Pagina ${number}`} role="img" />}
      {near && withText && <div ref={text} className="textLayer" />}
    </div>
  );
}

/** The page's text over its canvas (pdf.js TextLayer), so screen readers read it and it can be selected. */
function drawTextLayer(
  page: PDFPageProxy,
  container: HTMLDivElement,
  viewport: ReturnType<PDFPageProxy['getViewport']>,
): TextLayer {
  container.replaceChildren();
  const layer = new TextLayer({ textContentSource: page.streamTextContent(), container, viewport });
  layer.render().catch((error: unknown) => console.warn('Text layer not drawn', error));
  return layer;
}
