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
    const lines = tooltipLines(doc, options.isPhysician) ?? [options.notReadable];
    const shown = doc.viewable || options.isPhysician;
    return {
      id: doc.id,
      start: new Date(doc.docCreationDateTime),
      content: '',
      label: shown ? doc.documentType.desc : options.notReadable,
      title: [...lines, options.formatDate(doc.docCreationDateTime)].map(escapeHtml).join('<br>'),
      className: doc.viewable ? 'tl-doc' : 'tl-doc tl-doc-locked',
    };
  });
}
