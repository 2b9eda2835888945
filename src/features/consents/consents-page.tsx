/**
 * `/consents/{patientId}` and `/patientConsents/{patientId}` (every consent) and
 * `/procedureConsents/{patientId}` (informed consents only): cards grouped by kind, with the actions
 * the server allows. A patient signs digitally; staff choose digital or paper collection.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline, alertCircleOutline } from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { Consent, ConsentCategory } from '../../contract/consents';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { fetchConsents } from './api';
import { ConsentCard } from './consent-card';
import { consentFlowQuery } from './consent-flow';
import { CATEGORY_ORDER, CATEGORY_TITLE, NOTIFICATION_TEXT } from './consent-labels';
import { isProjectInvitation } from './invitation-card';
import { Invitations } from './invitations';
import './consents.css';

/** An invitation or a removal by the care team shows without a reload. */
const CONSENT_TOPICS = ['consents'] as const;

export function ConsentsPage({ informedOnly = false }: { informedOnly?: boolean }): JSX.Element {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const user = useAtomValue(currentUserAtom);
  const patientId = Number(useParams().patientId);
  const isPatient = user ? isPatientSide(user.userType) : true;

  const { state, reload: load } = useLoader(
    useCallback(() => fetchConsents(patientId), [patientId]),
    { refreshOnReturn: true, liveTopics: CONSENT_TOPICS },
  );
  // Ionic keeps this page alive under the signing screens: coming back (a new navigation to this very
  // path) shows the consents as they are now.
  const location = useLocation();
  const ownPath = useRef(location.pathname);
  const seen = useRef(location.key);
  useEffect(() => {
    if (location.pathname !== ownPath.current || location.key === seen.current) return;
    seen.current = location.key;
    void load();
  }, [location.pathname, location.key, load]);

  const start = (consent: Consent, action: 'give' | 'revoke'): void => {
    const query = consentFlowQuery({
      patientId,
      model: consent.modelCode,
      projectId: consent.projectId,
      action,
    });
    navigate(isPatient ? paths.signNewConsents(query) : paths.selectConsentSigner(query));
  };
  const revoke = async (consent: Consent): Promise<void> => {
    const dossier = consent.category === 'DOSSIER';
    const yes = await confirm({
      header: msg`Revocare il consenso?`,
      message: dossier
        ? msg`Con la revoca del consenso "${consent.desc}" i professionisti non potranno più consultare il dossier. La revoca si firma nel passo successivo e vale da subito.`
        : msg`Con la revoca il consenso "${consent.desc}" non sarà più valido. La revoca si firma nel passo successivo e vale da subito.`,
      confirmLabel: msg`Revoca il consenso`,
      destructive: true,
    });
    if (yes) start(consent, 'revoke');
  };

  // The patient answers their invitations; staff see them as consents among the others.
  const ownInvitations = !informedOnly && user?.userType === 'PAT';
  const categories: readonly ConsentCategory[] = informedOnly ? ['INFORMED'] : CATEGORY_ORDER;
  const title = informedOnly ? t`Consensi alle prestazioni` : t`Consensi`;
  return (
    <PageLayout
      title={title}
      refresher={<Refresher onRefresh={load} />}
      actions={
        <IonButton onClick={() => navigate(paths.newConsents({ patientId }))} aria-label={t`Nuovo consenso`}>
          <IonIcon slot="icon-only" icon={addOutline} aria-hidden="true" />
        </IonButton>
      }
    >
      <LoadedView state={state} onRetry={load}>
        {(value) => (
          <>
            <p className="consent-summary">
              <span className={`consent-dot dot-${value.notification.colour}`} aria-hidden="true" />
              {i18n._(NOTIFICATION_TEXT[value.notification.colour])}
            </p>
            {value.errorMessageList.includes('CONSENTS_EXPIRED') && (
              <p className="consent-notice" role="status">
                <IonIcon icon={alertCircleOutline} aria-hidden="true" />
                <Trans>Il paziente ha consensi scaduti da rinnovare</Trans>
              </p>
            )}
            {ownInvitations && (
              <Invitations
                consents={value.patientConsensusList}
                patientId={patientId}
                onAccept={(item) => start(item, 'give')}
                onChanged={load}
              />
            )}
            {categories.map((category) => {
              const items = value.patientConsensusList.filter(
                (consent) =>
                  consent.category === category && !(ownInvitations && isProjectInvitation(consent)),
              );
              if (items.length === 0) return null;
              return (
                <section
                  key={category}
                  className="consent-group"
                  aria-label={i18n._(CATEGORY_TITLE[category])}
                >
                  <h2>{i18n._(CATEGORY_TITLE[category])}</h2>
                  {items.map((consent) => (
                    <ConsentCard
                      key={consent.id}
                      consent={consent}
                      isPatient={isPatient}
                      onGive={(item) => start(item, 'give')}
                      onRevoke={(item) => void revoke(item)}
                    />
                  ))}
                </section>
              );
            })}
            {categories.every(
              (category) => !value.patientConsensusList.some((c) => c.category === category),
            ) && <EmptyState title={t`Nessun consenso`} />}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}

export function ProcedureConsentsPage(): JSX.Element {
  return <ConsentsPage informedOnly />;
}
