/** The documents shared with the guest, picked from the patient's dossier (a page of 100 at a time). */

import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useDocumentPages } from '../../api/use-document-pages';
import type { Document } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { LoadedView } from '../../ui/loaded-view';
import { EmptyState } from '../../ui/state-views';
import { DOCUMENT_PAGE_SIZE } from './api';
import { FieldError } from './step-choices';

export function DocumentsStep(props: {
  patientId: number;
  value: readonly number[];
  wholeDossier: boolean;
  error?: MessageDescriptor;
  onChange: (ids: number[], titles: Record<string, string>) => void;
}): JSX.Element {
  const { t } = useLingui();
  const { date } = useDateFormat();
  const { state, reload, loadMore, loadingMore, hasMore } = useDocumentPages(
    props.patientId,
    DOCUMENT_PAGE_SIZE,
  );
  const count = props.value.length;
  const toggle = (document: Document, on: boolean): void => {
    const ids = on ? [...props.value, document.id] : props.value.filter((id) => id !== document.id);
    const titles =
      state.status === 'ready'
        ? Object.fromEntries(
            state.value.items
              .filter((item) => ids.includes(item.id))
              .map((item) => [String(item.id), item.title]),
          )
        : {};
    props.onChange(ids, titles);
  };
  return (
    <fieldset className="guest-choices" aria-describedby={props.error ? 'documents-error' : undefined}>
      <legend className="guest-step-question">{t`Quali documenti condividi?`}</legend>
      {props.wholeDossier && (
        <p className="muted guest-hint">
          <Trans>
            Con l'accesso a tutto il dossier la persona vede già i documenti non oscurati: qui puoi
            aggiungerne altri.
          </Trans>
        </p>
      )}
      <p className="guest-count" aria-live="polite">
        {count === 1 ? <Trans>1 documento scelto</Trans> : <Trans>{count} documenti scelti</Trans>}
      </p>
      <FieldError id="documents-error" error={props.error} />
      <LoadedView state={state} onRetry={reload} errorReason={() => null}>
        {(page) => (
          <>
            {page.items.length === 0 && <EmptyState title={<Trans>Nessun documento nel dossier</Trans>} />}
            {
              // A document nobody can open (not readable, or reserved to clinicians) is not worth sharing.
              page.items
                .filter((document) => document.viewable)
                .map((document) => {
                  const on = props.value.includes(document.id);
                  const created = date(document.docCreationDateTime);
                  return (
                    <label key={document.id} className={`guest-choice${on ? ' guest-choice-on' : ''}`}>
                      <input
                        type="checkbox"
                        checked={on}
                        onChange={(event) => toggle(document, event.target.checked)}
                      />
                      <span>
                        <span className="guest-choice-label" lang="it">
                          {document.title}
                        </span>
                        <span className="guest-choice-hint">
                          {document.documentType.desc} · {created}
                        </span>
                      </span>
                    </label>
                  );
                })
            }
          </>
        )}
      </LoadedView>
      {hasMore && (
        <IonButton expand="block" fill="clear" disabled={loadingMore} onClick={() => void loadMore()}>
          <Trans>Mostra altri documenti</Trans>
        </IonButton>
      )}
    </fieldset>
  );
}
