import type { ContentTable, DocumentContent } from './content';

/**
 * Pagination without a font: text wraps by a conservative character count, so the seed can compute the
 * page count of a document (stored in `pageCount`) without rendering it, and the renderer draws exactly
 * these pages.
 */
export const page = { width: 595.28, height: 841.89, margin: 50 } as const;
export const textWidth = page.width - 2 * page.margin;
/** Body area: below the header (and the title on page 1), above the footer. */
export const bodyTop = { first: 668, other: 715 } as const;
export const bodyBottom = 70;

export type LayoutLine =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'tableHeader'; cells: string[]; widths: number[] }
  /** Each cell is its lines: one, cut to fit, unless the table wraps its cells. */
  | { kind: 'tableRow'; cells: string[][]; widths: number[]; flagged: boolean }
  | { kind: 'gap' }
  | { kind: 'signature' };

export const lineHeight: Record<LayoutLine['kind'], number> = {
  heading: 22,
  text: 14,
  tableHeader: 18,
  tableRow: 15,
  gap: 8,
  signature: 70,
};

/** The distance between the lines of a wrapped table cell. */
export const cellLineHeight = 11;

/** The height a line takes: a table row grows with its tallest cell. */
export function heightOf(line: LayoutLine): number {
  if (line.kind !== 'tableRow') return lineHeight[line.kind];
  const lines = Math.max(1, ...line.cells.map((cell) => cell.length));
  return lineHeight.tableRow + (lines - 1) * cellLineHeight;
}

/** About 5 pt per character of 10 pt Helvetica text; the renderer shrinks the rare longer line. */
const pointsPerChar = 5;

export function wrapText(text: string, maxChars = Math.floor(textWidth / pointsPerChar)): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars) current = candidate;
    else {
      if (current) lines.push(current);
      current = word.length > maxChars ? `${word.slice(0, maxChars - 1)}-` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function columnWidths(table: ContentTable): number[] {
  const shares = table.widths ?? table.columns.map(() => 1 / table.columns.length);
  const total = shares.reduce((sum, share) => sum + share, 0);
  return shares.map((share) => (share / total) * textWidth);
}

const cellChars = (width: number): number => Math.max(1, Math.floor((width - 6) / pointsPerChar));

function fitCell(text: string, width: number): string {
  const maxChars = cellChars(width);
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}

class Paginator {
  readonly pages: LayoutLine[][] = [[]];
  private remaining: number = bodyTop.first - bodyBottom;

  private get current(): LayoutLine[] {
    return this.pages[this.pages.length - 1] as LayoutLine[];
  }

  fits(height: number): boolean {
    return height <= this.remaining;
  }

  breakPage(): void {
    if (this.current.length === 0) return;
    this.pages.push([]);
    this.remaining = bodyTop.other - bodyBottom;
  }

  add(line: LayoutLine): void {
    if (!this.fits(heightOf(line))) this.breakPage();
    // A gap at the top of a page is useless.
    if (line.kind === 'gap' && this.current.length === 0) return;
    this.current.push(line);
    this.remaining -= heightOf(line);
  }
}

/**
 * The lines of each page, header and footer excluded; a signed document's last page ends with the
 * signature (`signature: false` for a document nobody signs, such as the patient summary).
 */
export function layoutDocument(
  content: Pick<DocumentContent, 'sections'>,
  options: { signature: boolean } = { signature: true },
): LayoutLine[][] {
  const paginator = new Paginator();
  for (const section of content.sections) {
    if (section.newPage) paginator.breakPage();
    // Keep a heading with the first line that follows it.
    if (!paginator.fits(lineHeight.heading + lineHeight.tableHeader + lineHeight.tableRow))
      paginator.breakPage();
    paginator.add({ kind: 'heading', text: section.heading });
    for (const paragraph of section.paragraphs ?? []) {
      for (const text of wrapText(paragraph)) paginator.add({ kind: 'text', text });
      paginator.add({ kind: 'gap' });
    }
    if (section.table) {
      const widths = columnWidths(section.table);
      const header: LayoutLine = {
        kind: 'tableHeader',
        cells: section.table.columns.map((cell, index) => fitCell(cell, widths[index] ?? 0)),
        widths,
      };
      paginator.add(header);
      const { wrap, flagColumn, flaggedRows } = section.table;
      for (const [at, row] of section.table.rows.entries()) {
        const line: LayoutLine = {
          kind: 'tableRow',
          cells: row.map((cell, index) => {
            const width = widths[index] ?? 0;
            return wrap ? wrapText(cell, cellChars(width)) : [fitCell(cell, width)];
          }),
          widths,
          flagged: flaggedRows?.[at] ?? (flagColumn !== undefined && (row[flagColumn] ?? '') !== ''),
        };
        // A table continued on the next page repeats its header.
        if (!paginator.fits(heightOf(line))) {
          paginator.breakPage();
          paginator.add(header);
        }
        paginator.add(line);
      }
      paginator.add({ kind: 'gap' });
    }
    paginator.add({ kind: 'gap' });
  }
  if (options.signature) paginator.add({ kind: 'signature' });
  return paginator.pages;
}

export function pageCountOf(content: DocumentContent): number {
  return layoutDocument(content).length;
}
