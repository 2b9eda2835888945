/**
 * `/disputes`: the privacy officer's queue (the administrator): the accesses patients do not recognise,
 * oldest first, each answered and closed here. The server refuses anyone else.
 */
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useLoader } from '../../api/use-loader';
import type { DisputeAnswer, DisputeQueueItem } from '../../contract/disputes';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { answerDispute, fetchDisputeQueue } from './api';
import { DisputeCard } from './dispute-card';
import '../../ui/forms.css';
import './disputes.css';

export function DisputesPage(): JSX.Element {
  const { t } = useLingui();
  const { state, reload, update } = useLoader(fetchDisputeQueue);
  const answer = async (item: DisputeQueueItem, reply: DisputeAnswer) => {
    await answerDispute(item.id, reply);
    update((queue) => ({ items: queue.items.filter((each) => each.id !== item.id) }));
    showToast('success', msg`Segnalazione chiusa: il paziente vede la tua risposta.`);
  };
  return (
    <PageLayout title={t`Segnalazioni di accesso`} refresher={<Refresher onRefresh={reload} />}>
      <div className="disputes-page">
        <LoadedView state={state} onRetry={reload}>
          {(queue) =>
            queue.items.length === 0 ? (
              <EmptyState title={<Trans>Nessuna segnalazione da esaminare</Trans>} />
            ) : (
              <>
                <p className="muted list-summary" aria-live="polite">
                  <Plural
                    value={queue.items.length}
                    one="# segnalazione aperta"
                    other="# segnalazioni aperte"
                  />
                </p>
                {queue.items.map((item) => (
                  <DisputeCard key={item.id} item={item} onAnswer={answer} />
                ))}
              </>
            )
          }
        </LoadedView>
      </div>
    </PageLayout>
  );
}
