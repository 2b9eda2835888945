import type { DocumentSummary } from '../documents/records';
import { dayText, escapeXml } from '../fhir/narrative';
import type { Language } from '../language';
import type { TextSink } from './record-bundle';

type Words = Record<
  | 'title'
  | 'intro'
  | 'summary'
  | 'summaryPdf'
  | 'summaryJson'
  | 'record'
  | 'documents'
  | 'date'
  | 'type'
  | 'document'
  | 'unit'
  | 'none'
  | 'offline'
  | 'offlineIntro'
  | 'patient'
  | 'fiscalCode'
  | 'generated',
  string
>;

const words: Record<Language, Words> = {
  it: {
    title: 'Il mio fascicolo sanitario',
    intro:
      'Questo archivio contiene i documenti del fascicolo che potevi consultare al momento della richiesta. Apri un documento dall’elenco: si apre nel lettore PDF del dispositivo, anche senza connessione.',
    summary: 'Sintesi sanitaria',
    summaryPdf: 'Sintesi sanitaria (PDF)',
    summaryJson: 'Sintesi sanitaria per altri sistemi (FHIR IPS, JSON)',
    record: 'Tutto il fascicolo per altri sistemi (FHIR R4, JSON)',
    documents: 'Documenti',
    date: 'Data',
    type: 'Tipo',
    document: 'Documento',
    unit: 'Reparto',
    none: 'Nessun documento.',
    offline: 'Documenti non inclusi',
    offlineIntro:
      'Questi documenti sono conservati in archivio: per averli, chiedine il ripristino dal fascicolo e prepara di nuovo l’archivio.',
    patient: 'Paziente',
    fiscalCode: 'Codice fiscale',
    generated: 'Archivio preparato il',
  },
  en: {
    title: 'My health record',
    intro:
      'This archive holds the documents of the record you could see when you asked for it. Open a document from the list: it opens in the device’s PDF reader, offline too.',
    summary: 'Patient summary',
    summaryPdf: 'Patient summary (PDF)',
    summaryJson: 'Patient summary for other systems (FHIR IPS, JSON)',
    record: 'The whole record for other systems (FHIR R4, JSON)',
    documents: 'Documents',
    date: 'Date',
    type: 'Type',
    document: 'Document',
    unit: 'Unit',
    none: 'No documents.',
    offline: 'Documents not included',
    offlineIntro:
      'These documents are kept in the archive storage: to have them, ask for their restore from the record and prepare the archive again.',
    patient: 'Patient',
    fiscalCode: 'Fiscal code',
    generated: 'Archive prepared on',
  },
};

const style = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1b1b1b}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem;margin:1.5rem 0 .5rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ccc;vertical-align:top}
a{color:#0b5cad}ul.files li{margin:.4rem 0}.meta{color:#555}
@media (max-width:40rem){thead{display:none}tr{display:block;border-bottom:1px solid #ccc;padding:.5rem 0}td{display:block;border:0;padding:.1rem 0}}`;

const href = (path: string): string => escapeXml(path.split('/').map(encodeURIComponent).join('/'));

export interface IndexHeader {
  language: Language;
  patientName: string;
  fiscalCode: string;
  hospital: string;
  generated: string;
  files: { summaryPdf: string; summaryJson: string; record: string };
}

/**
 * The archive's `index.html`: a page that opens offline in any browser (no script, no request, styles
 * inline), listing what is inside with relative links, written a row at a time.
 */
export class IndexPage {
  private year: string | null = null;
  private rows = 0;
  private readonly w: Words;

  constructor(
    private readonly out: TextSink,
    private readonly header: IndexHeader,
  ) {
    this.w = words[header.language];
  }

  async open(): Promise<void> {
    const { language, files } = this.header;
    const { w } = this;
    const link = (path: string, text: string) => `<li><a href="${href(path)}">${escapeXml(text)}</a></li>`;
    await this.out.write(`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeXml(w.title)} - ${escapeXml(this.header.patientName)}</title><style>${style}</style></head>
<body><header><h1>${escapeXml(w.title)}</h1>
<p>${escapeXml(w.patient)}: <strong>${escapeXml(this.header.patientName)}</strong> · ${escapeXml(w.fiscalCode)}: ${escapeXml(this.header.fiscalCode)}</p>
<p class="meta">${escapeXml(this.header.hospital)} · ${escapeXml(w.generated)} ${escapeXml(this.header.generated)}</p>
<p>${escapeXml(w.intro)}</p></header><main>
<h2>${escapeXml(w.summary)}</h2><ul class="files">${link(files.summaryPdf, w.summaryPdf)}${link(files.summaryJson, w.summaryJson)}${link(files.record, w.record)}</ul>
<h2>${escapeXml(w.documents)}</h2>`);
  }

  /** A document of the archive, in the lists' order (newest first): a table per year. */
  async document(summary: DocumentSummary, path: string): Promise<void> {
    const { document, type, unit } = summary;
    const year = document.createdAt.toISOString().slice(0, 4);
    const { language } = this.header;
    if (year !== this.year) {
      await this.out.write(`${this.year === null ? '' : '</tbody></table>'}
<h3>${year}</h3><table><thead><tr><th>${escapeXml(this.w.date)}</th><th>${escapeXml(this.w.type)}</th><th>${escapeXml(this.w.document)}</th><th>${escapeXml(this.w.unit)}</th></tr></thead><tbody>`);
      this.year = year;
    }
    this.rows++;
    const typeName = language === 'en' ? type.descEn : type.descIt;
    await this.out.write(
      `\n<tr><td>${escapeXml(dayText(document.createdAt, language))}</td><td>${escapeXml(typeName)}</td><td><a href="${href(path)}">${escapeXml(document.title)}</a></td><td>${escapeXml(unit.name)}</td></tr>`,
    );
  }

  /** The documents left out, after the others: what they are and how to have them. */
  async offline(summaries: AsyncIterable<DocumentSummary>): Promise<void> {
    const { language } = this.header;
    await this.out.write(this.rows === 0 ? `<p>${escapeXml(this.w.none)}</p>` : '</tbody></table>');
    let first = true;
    for await (const { document, type } of summaries) {
      if (first)
        await this.out.write(
          `\n<h2>${escapeXml(this.w.offline)}</h2><p>${escapeXml(this.w.offlineIntro)}</p><ul>`,
        );
      first = false;
      const typeName = language === 'en' ? type.descEn : type.descIt;
      await this.out.write(
        `\n<li>${escapeXml(dayText(document.createdAt, language))} · ${escapeXml(typeName)} · ${escapeXml(document.title)}</li>`,
      );
    }
    await this.out.write(`${first ? '' : '</ul>'}\n</main></body></html>\n`);
  }
}
