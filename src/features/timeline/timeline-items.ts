/** Documents as vis-timeline items: start, short label, tooltip text and a class by readability. */
import type { Document } from '../../contract/documents';
import { tooltipLines } from './timeline-config';

export interface TimelineDocItem {
  id: number;
  start: Date;
  content: string;
  label: string;
  title: string;
  className: string;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function toTimelineItems(
  documents: readonly Document[],
  options: { isPhysician: boolean; notReadable: string; formatDate: (iso: string) => string },
): TimelineDocItem[] {
  return documents.map((doc) => {
    const shown = doc.viewable || options.isPhysician;
    const item = {
      id: doc.id,
      start: new Date(doc.docCreationDateTime),
      content: '',
      label: shown ? doc.documentType.desc : options.notReadable,
      className: doc.viewable ? 'tl-doc' : 'tl-doc tl-doc-locked',
    };
    // The tooltip is read only when a single document is hovered (vis-timeline keeps the object it is
    // given): written then, not for all 5,000 documents while the screen opens.
    let title: string | undefined;
    return Object.defineProperty(item, 'title', {
      enumerable: true,
      get: (): string => {
        title ??= tooltipOf(doc, options);
        return title;
      },
    }) as TimelineDocItem;
  });
}

function tooltipOf(
  doc: Document,
  options: { isPhysician: boolean; notReadable: string; formatDate: (iso: string) => string },
): string {
  const lines = tooltipLines(doc, options.isPhysician) ?? [options.notReadable];
  return [...lines, options.formatDate(doc.docCreationDateTime)].map(escapeHtml).join('<br>');
}
