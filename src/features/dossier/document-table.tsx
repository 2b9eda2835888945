/**
 * Tablets and desktops: a table with real headers, sortable by date. Unit and setting share a column
 * and the time may go under the date, so that all five columns fit a 703 px content area (a 1024 px
 * screen with the side menu open) without scrolling sideways.
 */
import { IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { arrowDown, arrowUp } from 'ionicons/icons';
import type { JSX } from 'react';
import { useMemo, useState } from 'react';
import type { Document } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { DicomIndicator } from './dicom-indicator';
import { DocumentAvailability } from './document-availability';
import { DocumentTitle, DocumentType } from './document-parts';
import { isPatientUpload, provenanceLabel } from './provenance';

type Order = 'descending' | 'ascending';

/** Date and time break onto two lines only between them, never inside either. */
function DateTimeCell({ value, format }: { value: string; format: (value: string) => string }): JSX.Element {
  const [date = '', time = ''] = format(value).split(' ');
  return (
    <time dateTime={value}>
      <span className="nowrap">{date}</span> <span className="nowrap">{time}</span>
    </time>
  );
}

export function DocumentTable({
  documents,
  onChange,
}: {
  documents: readonly Document[];
  onChange: (document: Document) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const [order, setOrder] = useState<Order>('descending');
  const sorted = useMemo(() => {
    const sign = order === 'descending' ? -1 : 1;
    return [...documents].sort(
      (a, b) => sign * (Date.parse(a.docCreationDateTime) - Date.parse(b.docCreationDateTime)),
    );
  }, [documents, order]);
  const next: Order = order === 'descending' ? 'ascending' : 'descending';

  return (
    <div className="doc-table-wrap">
      <table className="doc-table">
        <caption className="visually-hidden">
          <Trans>Documenti del dossier</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Documento</Trans>
            </th>
            <th scope="col" aria-sort={order}>
              <button
                type="button"
                className="sort-button"
                onClick={() => setOrder(next)}
                aria-label={
                  order === 'descending'
                    ? t`Data, dal più recente: ordina dal meno recente`
                    : t`Data, dal meno recente: ordina dal più recente`
                }
              >
                <Trans>Data</Trans>
                <IonIcon icon={order === 'descending' ? arrowDown : arrowUp} aria-hidden="true" />
              </button>
            </th>
            <th scope="col">
              <Trans>Unità e regime</Trans>
            </th>
            <th scope="col">
              <Trans>Disponibilità</Trans>
            </th>
            <th scope="col" className="doc-images">
              <Trans>Immagini</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((document) => (
            <tr key={document.id}>
              <td>
                <DocumentTitle document={document} />
                <DocumentType document={document} />
              </td>
              <td className="doc-date">
                <DateTimeCell value={document.docCreationDateTime} format={format.dateTime} />
              </td>
              <td>
                <span lang={isPatientUpload(document.documentProvenanceUnit) ? undefined : 'it'}>
                  {provenanceLabel(document.documentProvenanceUnit, i18n)}
                </span>
                <span className="doc-setting">{document.patientCurrentLocation.desc}</span>
              </td>
              <td>
                <DocumentAvailability document={document} onChange={onChange} />
              </td>
              <td className="doc-images">
                <DicomIndicator document={document} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
