/** The documents shared with the guest, picked from the patient's dossier (a page of 100 at a time). */

import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import type { Document } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { EmptyState, ErrorState, LoadingState } from '../../ui/state-views';
import { fetchDossierPage } from './api';
import { FieldError } from './step-choices';

type Loaded =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; documents: Document[]; total: number; more: boolean };

function useDossier(patientId: number): { state: Loaded; reload: () => void; loadMore: () => void } {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    fetchDossierPage(patientId, 0)
      .then((page) =>
        setState({ status: 'ready', documents: page.documents, total: page.paging.totalCount, more: false }),
      )
      .catch(() => setState({ status: 'error' }));
  }, [patientId]);
  useEffect(reload, [reload]);
  const loadMore = (): void => {
    if (state.status !== 'ready' || state.more) return;
    setState({ ...state, more: true });
    fetchDossierPage(patientId, state.documents.length)
      .then((page) =>
        setState({
          status: 'ready',
          documents: [...state.documents, ...page.documents],
          total: page.paging.totalCount,
          more: false,
        }),
      )
      .catch(() => setState({ ...state, more: false }));
  };
  return { state, reload, loadMore };
}

export function DocumentsStep(props: {
  patientId: number;
  value: readonly number[];
  wholeDossier: boolean;
  error?: MessageDescriptor;
  onChange: (ids: number[], titles: Record<string, string>) => void;
}): JSX.Element {
  const { t } = useLingui();
  const { date } = useDateFormat();
  const { state, reload, loadMore } = useDossier(props.patientId);
  const count = props.value.length;
  const toggle = (document: Document, on: boolean): void => {
    const ids = on ? [...props.value, document.id] : props.value.filter((id) => id !== document.id);
    const titles =
      state.status === 'ready'
        ? Object.fromEntries(
            state.documents
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
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState onRetry={reload} />}
      {state.status === 'ready' && state.documents.length === 0 && (
        <EmptyState title={<Trans>Nessun documento nel dossier</Trans>} />
      )}
      {state.status === 'ready' &&
        // A document nobody can open (not readable, or reserved to clinicians) is not worth sharing.
        state.documents
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
                  <span className="guest-choice-label">{document.title}</span>
                  <span className="guest-choice-hint">
                    {document.documentType.desc} · {created}
                  </span>
                </span>
              </label>
            );
          })}
      {state.status === 'ready' && state.documents.length < state.total && (
        <IonButton expand="block" fill="clear" disabled={state.more} onClick={loadMore}>
          <Trans>Mostra altri documenti</Trans>
        </IonButton>
      )}
    </fieldset>
  );
}
