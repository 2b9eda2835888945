import { sql } from 'drizzle-orm';
import type { DocumentContent } from '../../services/pdf/content';
import type { Database } from '../client';
import { withPageLimit } from './documents';

/**
 * Stores new content for seeded documents with the page count the PDF will have, in one statement (the
 * whole batch as a single JSON parameter, as `seedScale` inserts patients).
 */
export async function rewriteDocuments(
  db: Database,
  rows: readonly { id: number; content: DocumentContent }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(({ id, content }) => {
    const limited = withPageLimit(content);
    return { id, content: limited.content, page_count: limited.pageCount };
  });
  await db.execute(sql`
    update documents set content = r.content, page_count = r.page_count
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(id int, content jsonb, page_count int)
    where documents.id = r.id`);
}
