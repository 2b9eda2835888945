/**
 * `/pripri/:patientId` (spec 2): the monitoring of the patient's active plan, its colour (spec 4), the
 * thresholds and every session coloured by the same rule; physicians and operators record sessions.
 * The route guard loads the patient first (a patientId in the route), else /postAuth.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import { useDateFormat } from '../../i18n/dates';
import { PageLayout } from '../../ui/page-layout';
import { PRIPRI_COLOUR_TEXT, PripriDot } from '../../ui/pripri-dot';
import { Refresher } from '../../ui/refresher';
import { EmptyState, ErrorState, LoadingState, StaleNotice } from '../../ui/state-views';
import { fetchIndexNames, fetchPripri } from './api';
import { SessionForm } from './session-form';
import './pripri.css';

export function PripriPage(): JSX.Element {
  const { i18n, t } = useLingui();
  const format = useDateFormat();
  const patientId = Number(useParams().patientId);
  const load = useCallback(() => fetchPripri(patientId), [patientId]);
  const pripri = useLoader(load, { keepOnError: true, refreshOnReturn: true });
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    fetchIndexNames().then(setNames, () => undefined);
  }, []);
  const { state } = pripri;
  const name = (index: string) => names.get(index) ?? index;
  return (
    <PageLayout title={t`Monitoraggio PRIpri`} refresher={<Refresher onRefresh={pripri.reload} />}>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState onRetry={() => void pripri.reload()} reason={state.reason} />}
      {state.status === 'ready' && (
        <>
          {state.stale && <StaleNotice reason={state.stale.reason} onRetry={() => void pripri.reload()} />}
          <p className="pripri-summary">
            <PripriDot colour={state.value.colour} /> {i18n._(PRIPRI_COLOUR_TEXT[state.value.colour])}
          </p>
          {state.value.plan === null ? (
            <EmptyState title={t`Nessun piano riabilitativo attivo`} />
          ) : (
            <>
              <section className="fact-section" aria-labelledby="pripri-plan">
                <h2 id="pripri-plan">{state.value.plan.name}</h2>
                <ul className="plain-list">
                  {state.value.plan.thresholds.map((item) => (
                    <li key={item.index}>
                      {t`${name(item.index)}: verde da ${item.green}, rosso sotto ${item.red}`}
                    </li>
                  ))}
                </ul>
              </section>
              {state.value.canRecord && (
                <SessionForm
                  patientId={patientId}
                  thresholds={state.value.plan.thresholds}
                  names={names}
                  onRecorded={(value) => pripri.update(() => value)}
                />
              )}
              <section className="fact-section" aria-labelledby="pripri-sessions">
                <h2 id="pripri-sessions">
                  <Trans>Sessioni</Trans>
                </h2>
                {state.value.sessions.length === 0 ? (
                  <p className="fact-empty">
                    <Trans>Nessuna sessione registrata</Trans>
                  </p>
                ) : (
                  <ul className="pripri-sessions">
                    {[...state.value.sessions].reverse().map((session) => (
                      <li key={session.id}>
                        <PripriDot colour={session.colour} />
                        <span>
                          <strong>{format.date(session.sessionDate)}</strong>{' '}
                          {session.measures
                            .map((measure) => `${name(measure.index)} ${measure.value}`)
                            .join(', ')}
                          <span className="muted"> · {session.recordedBy}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}
        </>
      )}
    </PageLayout>
  );
}
