import * as v from 'valibot';

/**
 * What a clinical document holds, stored in `documents.content` and rendered to PDF on demand. The kind says
 * which clinical record it is; the sections carry its values (lab rows with ranges and flags, findings, …).
 */
const Table = v.object({
  columns: v.array(v.string()),
  rows: v.array(v.array(v.string())),
  /** Share of the text width per column; equal shares when missing. */
  widths: v.optional(v.array(v.number())),
  /** Index of the column whose non-empty value marks an out-of-range row (printed in bold). */
  flagColumn: v.optional(v.number()),
  /** Out-of-range rows said row by row (printed in bold), for tables with no flag column. */
  flaggedRows: v.optional(v.array(v.boolean())),
  /** Cells too long for their column go on over more lines instead of being cut. */
  wrap: v.optional(v.boolean()),
});

const Section = v.object({
  heading: v.string(),
  paragraphs: v.optional(v.array(v.string())),
  table: v.optional(Table),
  /** Starts the section on a new page (appendices, methods). */
  newPage: v.optional(v.boolean()),
});

export const DocumentContent = v.object({
  kind: v.picklist(['lab', 'radiology', 'discharge', 'visit', 'emergency', 'counselling']),
  /** Radiology: the DICOM modality of the study behind the report (CR, CT, MR, US). */
  modality: v.optional(v.string()),
  sections: v.array(Section),
});
export type DocumentContent = v.InferOutput<typeof DocumentContent>;
export type ContentSection = v.InferOutput<typeof Section>;
export type ContentTable = v.InferOutput<typeof Table>;
