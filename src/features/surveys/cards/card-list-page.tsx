/** `/surveyCardList` (spec 2): the staff's survey cards, to open (answers), to cancel, or a new one. */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useLoader } from '../../../api/use-loader';
import type { SurveyCard } from '../../../contract/surveys';
import { paths } from '../../../routing/paths';
import { confirm } from '../../../ui/confirm-dialog';
import { LoadedView } from '../../../ui/loaded-view';
import { PageLayout } from '../../../ui/page-layout';
import { Refresher } from '../../../ui/refresher';
import { EmptyState } from '../../../ui/state-views';
import { showToast } from '../../../ui/toasts';
import { cancelCard, fetchCards } from '../api';
import { CardRows } from './card-rows';
import '../surveys.css';

const TOPICS = ['surveys'] as const;

export function CardListPage(): JSX.Element {
  const { t } = useLingui();
  const list = useLoader(fetchCards, { keepOnError: true, refreshOnReturn: true, liveTopics: TOPICS });
  const { state } = list;
  const cancel = async (card: SurveyCard): Promise<void> => {
    const title = card.title;
    const yes = await confirm({
      header: msg`Annulla l'assegnazione`,
      message: msg`I pazienti non vedranno più «${title}». Le risposte già inviate restano.`,
      confirmLabel: msg`Annulla l'assegnazione`,
      destructive: true,
    });
    if (!yes) return;
    try {
      await cancelCard(card.id);
      showToast('success', msg`Assegnazione annullata`);
    } catch {
      // The error toast said why.
    }
    void list.reload();
  };
  return (
    <PageLayout
      title={t`Questionari assegnati`}
      backTo={paths.surveys()}
      refresher={<Refresher onRefresh={list.reload} />}
      className="survey-page"
    >
      <IonButton className="survey-new" expand="block" fill="outline" routerLink={paths.createSurveyCard()}>
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        <Trans>Assegna un questionario</Trans>
      </IonButton>
      <LoadedView state={state} onRetry={list.reload}>
        {(value) => (
          <>
            {value.cards.length === 0 && <EmptyState title={<Trans>Nessun questionario assegnato</Trans>} />}
            <CardRows
              cards={value.cards}
              action={(card) =>
                card.cancelledAt ? null : (
                  <IonButton
                    fill="clear"
                    color="danger"
                    aria-label={t`Annulla l'assegnazione di ${card.title}`}
                    onClick={() => void cancel(card)}
                  >
                    <Trans>Annulla</Trans>
                  </IonButton>
                )
              }
            />
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}
