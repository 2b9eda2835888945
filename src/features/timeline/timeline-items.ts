/**
 * The dossier in date order, and the vis-timeline items drawn for it: a document (start, short label,
 * tooltip, a class by readability) or a cluster of documents (a disc with their count).
 */
import type { Document } from '../../contract/documents';
import { tooltipLines } from './timeline-config';

export interface TimelineDocItem {
  id: number;
  type: 'point';
  start: Date;
  content: string;
  label: string;
  title: string;
  className: string;
}

export interface TimelineClusterItem {
  id: string;
  type: 'box';
  start: Date;
  content: string;
  /** How many documents the disc stands for. */
  count: number;
  title: string;
  className: string;
}

export type TimelineItem = TimelineDocItem | TimelineClusterItem;

export interface DocItemOptions {
  isPhysician: boolean;
  notReadable: string;
  formatDate: (iso: string) => string;
}

/** The documents sorted by date (then id, vis-timeline's order for equal dates), with their times. */
export interface SortedDossier {
  documents: readonly Document[];
  times: Float64Array;
}

export function sortDossier(documents: readonly Document[]): SortedDossier {
  const dated = documents.map((doc) => ({ doc, time: Date.parse(doc.docCreationDateTime) }));
  dated.sort((a, b) => a.time - b.time || a.doc.id - b.doc.id);
  return {
    documents: dated.map((entry) => entry.doc),
    times: Float64Array.from(dated, (entry) => entry.time),
  };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** vis-timeline writes tooltips as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function documentItem(doc: Document, options: DocItemOptions): TimelineDocItem {
  const shown = doc.viewable || options.isPhysician;
  const lines = tooltipLines(doc, options.isPhysician) ?? [options.notReadable];
  return {
    id: doc.id,
    type: 'point',
    start: new Date(doc.docCreationDateTime),
    content: '',
    label: shown ? doc.documentType.desc : options.notReadable,
    title: [...lines, options.formatDate(doc.docCreationDateTime)].map(escapeHtml).join('<br>'),
    className: doc.viewable ? 'tl-doc' : 'tl-doc tl-doc-locked',
  };
}

/** `titleTemplate` holds `{count}`, replaced by the number of documents. */
export function clusterItem(
  id: string,
  at: number,
  count: number,
  titleTemplate: string,
): TimelineClusterItem {
  return {
    id,
    type: 'box',
    start: new Date(at),
    content: '',
    count,
    title: escapeHtml(titleTemplate.replace('{count}', String(count))),
    className: 'tl-cluster-item',
  };
}
