/**
 * `/DocumentObscurement/:patientId`: the patient ticks documents, chooses whom each is hidden from (or
 * shown to again), then signs the request in the signing wizard. Back from it with `?confirm=`, the page
 * confirms the signed request and reports what changed.
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useDocumentPages } from '../../api/use-document-pages';
import type { Document, ObscuringInfo } from '../../contract/documents';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, ErrorState, LoadingState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { confirmObscure, OBSCURING_PAGE_SIZE } from './api';
import { DocumentChoice } from './document-choice';
import type { ObscuringChoice } from './selection';
import { changesOf, obscuringChoiceAtom } from './selection';
import { ViewerSheet } from './viewer-sheet';
import { proposedChoice, sameViewers } from './viewers';
import './obscuring.css';
import { noObscuring } from '../../contract/documents';

export const OBSCURE_PERMISSION = 'perm.meview.document.obscure';

function parseIds(raw: string | null): number[] {
  return (raw ?? '')
    .split(',')
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number);
}

export function ObscuringPage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const raw = useParams().patientId;
  if (!user) return <LoadingState />;
  if (user.userType !== 'PAT' || !user.permissionList.includes(OBSCURE_PERMISSION) || user.patientId === null)
    return (
      <PageLayout title={t`Oscura documenti`}>
        <ErrorState>
          <p>
            <Trans>Non disponi del permesso per oscurare i documenti: solo il paziente può farlo.</Trans>
          </p>
        </ErrorState>
      </PageLayout>
    );
  // A patient obscures only their own documents.
  if (raw !== String(user.patientId))
    return <Navigate to={paths.documentObscurement(user.patientId)} replace />;
  return <ObscuringScreen patientId={user.patientId} userKey={String(user.id)} />;
}

function ObscuringScreen({ patientId, userKey }: { patientId: number; userKey: string }): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { state, reload, loadMore, loadingMore, hasMore } = useDocumentPages(patientId, OBSCURING_PAGE_SIZE);
  const [stored, setChoice] = useAtom(obscuringChoiceAtom(userKey));
  const choice: ObscuringChoice = stored?.patientId === patientId ? stored : { patientId, documents: {} };
  const [editing, setEditing] = useState<Document | null>(null);
  const changes = changesOf(choice);

  // The stored "before" may be stale (a request signed and not confirmed, another device): the list is
  // the truth, so a ticked document that already has the chosen viewers counts as no change.
  const loaded = state.status === 'ready' ? state.value.items : null;
  useEffect(() => {
    if (!loaded || !stored || stored.patientId !== patientId) return;
    let stale = false;
    const documents = { ...stored.documents };
    for (const document of loaded) {
      const pending = documents[document.id];
      if (pending && !sameViewers(pending.current, document.obscuringInfo)) {
        documents[document.id] = { ...pending, current: document.obscuringInfo };
        stale = true;
      }
    }
    if (stale) setChoice({ patientId, documents });
  }, [loaded, stored, patientId, setChoice]);

  // Back from the wizard: confirm the signed request once, then forget the choice.
  const confirmIds = parseIds(new URLSearchParams(search).get('confirm'));
  const confirming = useRef('');
  useEffect(() => {
    const key = confirmIds.join(',');
    if (!key || confirming.current === key) return;
    confirming.current = key;
    confirmObscure(confirmIds)
      .then((reply) => {
        const count = reply.documents.length;
        showToast('success', msg`Richiesta firmata: ${count} documenti aggiornati.`);
        setChoice(null);
        return reload();
      })
      .catch(() => undefined) // not signed (the wizard was left): the choice stays for another try
      .finally(() => navigate(paths.documentObscurement(patientId), { replace: true }));
  }, [confirmIds, navigate, patientId, reload, setChoice]);

  const setNext = (document: Document, next: ObscuringInfo | null): void => {
    const documents = { ...choice.documents };
    if (next) documents[document.id] = { title: document.title, current: document.obscuringInfo, next };
    else delete documents[document.id];
    setChoice({ patientId, documents });
  };

  const editingNext = editing ? (choice.documents[editing.id]?.next ?? null) : null;

  return (
    <PageLayout
      title={t`Oscura documenti`}
      help={{ controller: 'documentObscurement', action: 'index' }}
      backTo={paths.dossier()}
      refresher={<Refresher onRefresh={reload} />}
      className="obscuring-page"
    >
      <p className="obscure-intro">
        <Trans>
          Scegli i documenti e a chi nasconderli. Restano sempre visibili a te e al medico che li ha redatti.
          La richiesta si firma con il PIN e un codice via SMS.
        </Trans>
      </p>
      <LoadedView state={state} onRetry={reload}>
        {(value) => (
          <>
            {value.items.length === 0 && <EmptyState title={<Trans>Nessun documento nel dossier</Trans>} />}
            {value.items.length > 0 && (
              <>
                <ul className="obscure-list" aria-label={t`Documenti del dossier`}>
                  {value.items.map((document) => (
                    <DocumentChoice
                      key={document.id}
                      document={document}
                      next={choice.documents[document.id]?.next ?? null}
                      onToggle={(on) => setNext(document, on ? proposedChoice(document.obscuringInfo) : null)}
                      onEdit={() => setEditing(document)}
                    />
                  ))}
                </ul>
                {hasMore && (
                  <IonButton
                    expand="block"
                    fill="clear"
                    disabled={loadingMore}
                    onClick={() => void loadMore()}
                  >
                    <Trans>Mostra altri documenti</Trans>
                  </IonButton>
                )}
              </>
            )}
          </>
        )}
      </LoadedView>
      <ViewerSheet
        open={editing !== null}
        title={editing?.title ?? ''}
        value={editingNext ?? editing?.obscuringInfo ?? noObscuring}
        onApply={(next) => {
          if (editing) setNext(editing, next);
          setEditing(null);
        }}
        onClose={() => setEditing(null)}
      />
      <div className="obscure-footer">
        <span className="obscure-count" aria-live="polite">
          {changes.length === 1 ? t`1 documento da modificare` : t`${changes.length} documenti da modificare`}
        </span>
        <IonButton
          disabled={changes.length === 0}
          onClick={() => navigate(paths.documentObscurementSign(patientId))}
        >
          <Trans>Firma la richiesta</Trans>
        </IonButton>
      </div>
    </PageLayout>
  );
}
