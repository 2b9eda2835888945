/**
 * `/guests`: the people the patient authorised, with their relationship, title, deadline and rights;
 * a new one or an edit goes through `/guestwizard`; revoking asks first. Back from the signature with
 * `?confirm=`, the page confirms the signed authorisation and reports it.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { personAddOutline } from 'ionicons/icons';
import { useAtomValue, useSetAtom } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Guest } from '../../contract/guests';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { confirm } from '../../ui/confirm-dialog';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, ErrorState, LoadingState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { confirmGuest, revokeGuest } from './api';
import { emptyDraft, guestDraftAtom } from './draft';
import { GuestCard } from './guest-card';
import { useGuests } from './use-guests';
import './guests.css';

function parseIds(raw: string | null): number[] {
  return (raw ?? '')
    .split(',')
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number);
}

export function GuestsPage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  if (!user) return <LoadingState />;
  if (user.userType !== 'PAT')
    return (
      <PageLayout title={t`Persone autorizzate`}>
        <ErrorState>
          <p>
            <Trans>Solo il paziente può gestire le persone autorizzate.</Trans>
          </p>
        </ErrorState>
      </PageLayout>
    );
  return <GuestsScreen userKey={String(user.id)} />;
}

function GuestsScreen({ userKey }: { userKey: string }): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { state, reload } = useGuests();
  const setDraft = useSetAtom(guestDraftAtom(userKey));

  // Back from the signing wizard: confirm the signed authorisation once, then forget the draft.
  const params = new URLSearchParams(search);
  const confirmIds = parseIds(params.get('confirm'));
  const editedId = Number(params.get('guestId')) || undefined;
  const confirming = useRef('');
  useEffect(() => {
    const key = confirmIds.join(',');
    if (!key || confirming.current === key) return;
    confirming.current = key;
    confirmGuest(confirmIds, editedId)
      .then((guest) => {
        const name = `${guest.person.name} ${guest.person.surname}`;
        showToast(
          'success',
          editedId === undefined
            ? msg`${name} è ora una persona autorizzata.`
            : msg`Autorizzazione di ${name} aggiornata.`,
        );
        setDraft(null);
        return reload();
      })
      .catch(() => undefined) // not signed (the wizard was left): the draft stays for another try
      .finally(() => navigate(paths.guests(), { replace: true }));
  }, [confirmIds, editedId, navigate, reload, setDraft]);

  const startNew = (): void => {
    setDraft(emptyDraft());
    navigate(paths.guestWizard());
  };
  const startEdit = (guest: Guest): void => {
    setDraft({
      ...emptyDraft(),
      mode: 'edit',
      guestId: guest.id,
      relationship: guest.relationship,
      accessTitle: guest.accessTitle.code,
      deadline: guest.deadline,
      rights: guest.rights,
      documentIds: guest.documentIds,
      person: { ...emptyDraft().person, name: guest.person.name, surname: guest.person.surname },
    });
    navigate(paths.guestWizard('edit'));
  };
  const revoke = async (guest: Guest): Promise<void> => {
    const name = `${guest.person.name} ${guest.person.surname}`;
    const yes = await confirm({
      header: msg`Revocare l'autorizzazione?`,
      message: msg`${name} non potrà più vedere i tuoi documenti, da subito. Per ridargli l'accesso dovrai creare una nuova autorizzazione.`,
      confirmLabel: msg`Revoca l'autorizzazione`,
      destructive: true,
    });
    if (!yes) return;
    try {
      await revokeGuest(guest.id);
      showToast('success', msg`Autorizzazione di ${name} revocata.`);
    } catch {
      // the error toast says why
    }
    await reload();
  };

  return (
    <PageLayout
      title={t`Persone autorizzate`}
      backTo={paths.home()}
      refresher={<Refresher onRefresh={reload} />}
      className="guests-page"
    >
      <p className="guests-intro">
        <Trans>
          Le persone di fiducia vedono i documenti che condividi con loro fino alla scadenza. Puoi revocare
          l'autorizzazione in ogni momento.
        </Trans>
      </p>
      <IonButton expand="block" className="guests-new" onClick={startNew}>
        <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
        <Trans>Autorizza una persona</Trans>
      </IonButton>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState reason={state.reason} onRetry={() => void reload()} />}
      {state.status === 'ready' && state.guests.length === 0 && (
        <EmptyState title={<Trans>Nessuna persona autorizzata</Trans>}>
          <p>
            <Trans>Autorizza un familiare o una persona di fiducia a vedere i tuoi documenti.</Trans>
          </p>
        </EmptyState>
      )}
      {state.status === 'ready' && state.guests.length > 0 && (
        <ul className="guest-list" aria-label={t`Persone autorizzate`}>
          {state.guests.map((guest) => (
            <GuestCard
              key={guest.id}
              guest={guest}
              onEdit={() => startEdit(guest)}
              onRevoke={() => void revoke(guest)}
            />
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
