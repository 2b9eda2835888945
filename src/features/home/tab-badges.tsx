/**
 * The counts on the Requests and Guests tabs: requests ready to collect, guests whose access ends soon.
 * Both come from the home's summary (one call); on navigation it is asked again when older than a
 * minute, so a badge follows the patient's own changes without a request per screen.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLiveTopic } from '../../api/use-live-topic';
import type { PatientHome } from '../../contract/home';
import { appStore } from '../../state/store';
import { CountBadge } from '../../ui/count-badge';
import { fetchHomeSummary } from './api';
import { homeSummaryAtom } from './summary-atom';

const FRESH_MS = 60_000;
const LIVE_SETTLE_MS = 500;
const LIVE_TOPICS = ['consents', 'uploadedDocuments', 'documents'] as const;

function usePatientSummary(): PatientHome | null {
  const { pathname } = useLocation();
  const cached = useAtomValue(homeSummaryAtom);
  const at = cached?.at ?? 0;
  useEffect(() => {
    void pathname;
    if (Date.now() - at < FRESH_MS) return;
    // A count that cannot be read is simply not drawn.
    fetchHomeSummary({ quiet: true }).catch(() => undefined);
  }, [pathname, at]);
  // A live change: the home, when open, asks first; the badges ask only if nobody did meanwhile.
  useLiveTopic(LIVE_TOPICS, () => {
    setTimeout(() => {
      if (Date.now() - (appStore().get(homeSummaryAtom)?.at ?? 0) > LIVE_SETTLE_MS)
        fetchHomeSummary({ quiet: true }).catch(() => undefined);
    }, LIVE_SETTLE_MS);
  });
  return cached?.summary.role === 'PATIENT' ? cached.summary : null;
}

export function RequestsTabBadge(): JSX.Element | null {
  const { t } = useLingui();
  const summary = usePatientSummary();
  const ready = summary?.requests.filter((request) => request.status === 'READY').length ?? 0;
  return (
    <CountBadge count={ready} label={t`Richieste pronte da ritirare: ${ready}`} className="requests-badge" />
  );
}

export function GuestsTabBadge(): JSX.Element | null {
  const { t } = useLingui();
  const summary = usePatientSummary();
  const ending = summary?.guestsEnding.length ?? 0;
  return <CountBadge count={ending} label={t`Accessi in scadenza: ${ending}`} className="guests-badge" />;
}
