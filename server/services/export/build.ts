import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { readClinicalRecord } from '../clinical/record';
import { documentPdf } from '../documents/files';
import { summaryDocument } from '../fhir/summary';
import type { Language } from '../language';
import { renderSummaryPdf } from '../summary/pdf';
import { ArchiveWriter } from './archive';
import { ChunkWriter } from './chunks';
import {
  archiveNames,
  countDocuments,
  documentPath,
  documentsAtHand,
  summariesAtHand,
  summariesOffline,
} from './contents';
import { IndexPage } from './index-page';
import { writeRecordBundle } from './record-bundle';

/** Progress is saved (and told live) at most this often: a heartbeat, not a write per document. */
const PROGRESS_EVERY_MS = 1000;

export interface BuildJob {
  id: number;
  patientId: number;
  language: Language;
}

export interface BuildSetting {
  organizationName: string;
  now: () => Date;
  /** Saves the count so far and proves the job is still this process's; false: stop (taken or deleted). */
  progress: (done: number, total: number, offline: number) => Promise<boolean>;
}

export interface BuiltArchive {
  bytes: number;
  documents: number;
  /** The most bytes of the archive held in memory at once (the chunk writer's high-water mark). */
  peakPendingBytes: number;
}

const generatedText = (language: Language, at: Date): string =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'it-IT', {
    timeZone: 'Europe/Rome',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);

export class BuildStopped extends Error {}

/**
 * The archive of what `user` may see of the patient's record, written to the database as it is made: the
 * PDFs first (one at a time, stored, never all at hand), then the summary (PDF and FHIR IPS), the whole
 * record as a FHIR Bundle and the offline `index.html`, whose rows are read again from the database rather
 * than kept.
 */
export async function buildArchive(
  db: Database,
  job: BuildJob,
  user: UserRow,
  setting: BuildSetting,
): Promise<BuiltArchive> {
  const { language, patientId } = job;
  const started = setting.now();
  const sink = new ChunkWriter(db, job.id);
  const zip = new ArchiveWriter(sink);
  const counted = await countDocuments(db, user, patientId);
  let done = 0;
  let savedAt = 0;
  const progress = async (force = false): Promise<void> => {
    const now = Date.now();
    if (!force && now - savedAt < PROGRESS_EVERY_MS) return;
    savedAt = now;
    if (!(await setting.progress(done, counted.total, counted.offline))) throw new BuildStopped();
  };
  await progress(true);
  for await (const record of documentsAtHand(db, user, patientId)) {
    await zip.addFile(
      documentPath(record, language),
      await documentPdf(db, record),
      record.document.createdAt,
    );
    done++;
    await progress();
  }
  await progress(true);

  const names = archiveNames[language];
  const record = await readClinicalRecord(db, user, patientId);
  const summary = summaryDocument(record, {
    language,
    organizationName: setting.organizationName,
    now: started,
  });
  const summaryPdf = await renderSummaryPdf(summary, { language, hospital: setting.organizationName });
  const files = {
    summaryPdf: `${names.summary}.pdf`,
    summaryJson: `${names.summary}.json`,
    record: names.record,
  };
  await zip.addFile(files.summaryPdf, summaryPdf.bytes, started);
  const summaryJson = zip.textFile(files.summaryJson, started);
  await summaryJson.write(JSON.stringify(summary.bundle, null, 2));
  await summaryJson.end();

  const bundle = zip.textFile(files.record, started);
  await writeRecordBundle(bundle, {
    db,
    user,
    record,
    language,
    organizationName: setting.organizationName,
    now: started,
    documents: withPaths(summariesAtHand(db, user, patientId), language, () => progress()),
  });
  await bundle.end();

  const indexFile = zip.textFile('index.html', started);
  const index = new IndexPage(indexFile, {
    language,
    patientName: `${record.patient.name} ${record.patient.surname}`,
    fiscalCode: record.patient.fiscalCode,
    hospital: setting.organizationName,
    generated: generatedText(language, started),
    files,
  });
  await index.open();
  for await (const { summary: row, path } of withPaths(summariesAtHand(db, user, patientId), language, () =>
    progress(),
  ))
    await index.document(row, path);
  await index.offline(summariesOffline(db, user, patientId));
  await indexFile.end();
  const bytes = await zip.end();
  return { bytes, documents: done, peakPendingBytes: sink.peakPendingBytes };
}

/** The documents with their paths in the archive; the heartbeat goes on while they are read. */
async function* withPaths<Row extends Parameters<typeof documentPath>[0]>(
  rows: AsyncIterable<Row>,
  language: Language,
  beat: () => Promise<void>,
): AsyncGenerator<{ summary: Row; path: string }> {
  for await (const summary of rows) {
    yield { summary, path: documentPath(summary, language) };
    await beat();
  }
}
