/** Step 1 of a report request: the dossier's documents, each with a document flag and an image flag. */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { Document } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { LoadedView } from '../../ui/loaded-view';
import { EmptyState } from '../../ui/state-views';
import { DOCUMENTS_PAGE_SIZE, fetchDocuments } from './api';
import type { Candidate, Flag, SelectStepProps } from './selection';
import { SelectionRow } from './selection-row';

const hasStudies = (document: Document): boolean => (document.accessionNumber ?? '') !== '';

export function ReportSelect({
  patientId,
  selected,
  maxCopies,
  onFlag,
  onStep,
}: SelectStepProps): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  const [pages, setPages] = useState(1);
  const load = useCallback(async () => {
    const first = await fetchDocuments(patientId, 0);
    const rest = await Promise.all(
      Array.from({ length: pages - 1 }, (_, index) =>
        fetchDocuments(patientId, (index + 1) * DOCUMENTS_PAGE_SIZE),
      ),
    );
    return { documents: [first, ...rest].flatMap((page) => page.documents), total: first.paging.totalCount };
  }, [patientId, pages]);
  const { state, reload } = useLoader(load);

  return (
    <LoadedView state={state} onRetry={reload}>
      {({ documents, total }) =>
        documents.length === 0 ? (
          <EmptyState title={<Trans>Nessun documento nel dossier</Trans>} />
        ) : (
          <>
            <ul className="request-list" aria-label={t`Documenti del dossier`}>
              {documents.map((document) => {
                const candidate: Candidate = {
                  id: document.id,
                  title: document.title,
                  date: document.docCreationDateTime,
                  hasStudies: hasStudies(document),
                };
                const flags: { flag: Flag; label: string }[] = [{ flag: 'document', label: t`Referto` }];
                if (candidate.hasStudies) flags.push({ flag: 'dicom', label: t`Immagini` });
                return (
                  <SelectionRow
                    key={document.id}
                    title={document.title}
                    meta={
                      <>
                        {document.documentType.desc} ·{' '}
                        <time dateTime={document.docCreationDateTime}>
                          {format.date(document.docCreationDateTime)}
                        </time>
                      </>
                    }
                    selected={selected[String(document.id)]}
                    flags={flags}
                    maxCopies={maxCopies}
                    onFlag={(flag, on) => onFlag(candidate, flag, on)}
                    onStep={(delta) => onStep(String(document.id), delta)}
                  />
                );
              })}
            </ul>
            {documents.length < total && (
              <IonButton expand="block" fill="clear" onClick={() => setPages(pages + 1)}>
                <Trans>Mostra altri documenti</Trans>
              </IonButton>
            )}
          </>
        )
      }
    </LoadedView>
  );
}
