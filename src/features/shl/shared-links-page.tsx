/**
 * `/shared-links`: the patient's SMART Health Links (or those of the patient a guest with the download
 * right looks after): each link's state, what it carries and who opened it; a new link; revoking one.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline } from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { ShlLink, ShlList } from '../../contract/shl';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { useMayDownload } from '../../session/use-guest-may-download';
import { AccessRefusedState } from '../../ui/access-refused';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { fetchLinks, revokeLink } from './api';
import { LinkCard } from './link-card';
import { NewLinkSheet } from './new-link-sheet';
import './shl.css';

const NO_LINKS: ShlList = { links: [] };

export function SharedLinksPage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const patientId = user && isPatientSide(user.userType) ? user.patientId : null;
  const mayShare = useMayDownload(user?.userType ?? null, patientId);
  const load = useCallback(
    () => (patientId === null ? Promise.resolve(NO_LINKS) : fetchLinks(patientId)),
    [patientId],
  );
  // Opens happen elsewhere (a doctor abroad): coming back to the screen shows the latest.
  const { state, reload, update } = useLoader(load, { keepOnError: true, refreshOnReturn: true });
  const [creating, setCreating] = useState(false);
  // `?new=1` (the summary screen's "share with a link"): the screen opens on the new link's sheet.
  const asked = new URLSearchParams(useLocation().search).get('new') === '1';
  useEffect(() => {
    if (asked && mayShare) setCreating(true);
  }, [asked, mayShare]);
  const [busy, setBusy] = useState(false);

  const revoke = async (link: ShlLink): Promise<void> => {
    const label = link.label;
    const yes = await confirm({
      header: msg`Revocare il link?`,
      message: msg`«${label}» non si potrà più aprire, nemmeno da chi lo ha già ricevuto.`,
      confirmLabel: msg`Revoca`,
      destructive: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await revokeLink(link.id);
      update((current) => ({
        links: current.links.map((each) => (each.id === link.id ? { ...each, state: 'revoked' } : each)),
      }));
      showToast('success', msg`Link revocato: «${label}»`);
    } catch {
      // The toast said why; the list may have changed meanwhile.
      await reload();
    } finally {
      setBusy(false);
    }
  };

  if (patientId === null)
    return (
      <PageLayout title={t`Link condivisi`}>
        <AccessRefusedState />
      </PageLayout>
    );

  return (
    <PageLayout title={t`Link condivisi`} refresher={<Refresher onRefresh={reload} />}>
      <div className="shl-page">
        <p className="shl-intro">
          <Trans>
            Un link condiviso fa vedere il tuo riepilogo sanitario e i documenti che scegli a chi lo riceve,
            per esempio un medico all'estero, senza bisogno di un account. Puoi revocarlo quando vuoi.
          </Trans>
        </p>
        {mayShare === false ? (
          <p className="shl-hint">
            <Trans>Per creare un link serve il permesso di scaricare i documenti.</Trans>
          </p>
        ) : (
          <IonButton
            className="shl-new"
            expand="block"
            disabled={!mayShare}
            onClick={() => setCreating(true)}
          >
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            <Trans>Nuovo link</Trans>
          </IonButton>
        )}
        <LoadedView state={state} onRetry={() => void reload()} staleNotice>
          {({ links }) =>
            links.length === 0 ? (
              <EmptyState title={<Trans>Nessun link condiviso</Trans>} />
            ) : (
              <div className="shl-list">
                {links.map((link) => (
                  <LinkCard key={link.id} link={link} busy={busy} onRevoke={(row) => void revoke(row)} />
                ))}
              </div>
            )
          }
        </LoadedView>
      </div>
      <NewLinkSheet
        open={creating}
        patientId={patientId}
        onClose={() => setCreating(false)}
        onCreated={() => void reload()}
      />
    </PageLayout>
  );
}
