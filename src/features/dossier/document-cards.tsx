/** Phones: one card per document. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { Document } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { DicomIndicator } from './dicom-indicator';
import { DocumentAvailability } from './document-availability';
import { DocumentTitle, DocumentType } from './document-parts';
import { isPatientUpload, provenanceLabel } from './provenance';

export function DocumentCards({
  documents,
  onChange,
}: {
  documents: readonly Document[];
  onChange: (document: Document) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  return (
    <ul className="doc-cards" aria-label={t`Documenti del dossier`}>
      {documents.map((document) => (
        <li key={document.id} className="doc-card">
          <div className="doc-card-head">
            <DocumentTitle document={document} />
            <DicomIndicator document={document} />
          </div>
          <DocumentType document={document} />
          <dl className="doc-meta">
            <div>
              <dt>{t`Data`}</dt>
              <dd>
                <time dateTime={document.docCreationDateTime}>
                  {format.dateTime(document.docCreationDateTime)}
                </time>
              </dd>
            </div>
            <div>
              <dt>{t`Unità`}</dt>
              <dd lang={isPatientUpload(document.documentProvenanceUnit) ? undefined : 'it'}>
                {provenanceLabel(document.documentProvenanceUnit, i18n)}
              </dd>
            </div>
            <div>
              <dt>{t`Regime`}</dt>
              <dd>{document.patientCurrentLocation.desc}</dd>
            </div>
          </dl>
          <DocumentAvailability document={document} onChange={onChange} />
        </li>
      ))}
    </ul>
  );
}
