/**
 * Survey cards as rows: the template, to whom, the due date, how many answered or refused. A plain list: each
 * row holds the card's link and, beside it, an action, so the row (not Ionic's item) is the list item.
 */
import { IonItem, IonLabel } from '@ionic/react';
import { Trans } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';
import type { SurveyCard } from '../../../contract/surveys';
import { useDateFormat } from '../../../i18n/dates';
import { paths } from '../../../routing/paths';
import { IonBadge } from '../../../ui/ionic/badge';

export function CardRows({
  cards,
  action,
}: {
  cards: readonly SurveyCard[];
  /** Drawn beside each row, outside its link (e.g. a cancel button). */
  action?: (card: SurveyCard) => ReactNode;
}): JSX.Element {
  const { date } = useDateFormat();
  return (
    <ul className="survey-list survey-card-list">
      {cards.map((card) => {
        const due = date(card.dueDate);
        const { submitted, refused, assigned } = card;
        return (
          <li key={card.id} className="survey-card-row">
            <IonItem routerLink={paths.surveyCard(card.id)} detail>
              <IonLabel>
                <h2>{card.title}</h2>
                <p>
                  {card.project ? (
                    <Trans>Progetto {card.project.name}</Trans>
                  ) : (
                    <Trans>{assigned} pazienti</Trans>
                  )}{' '}
                  · <Trans>entro il {due}</Trans>
                </p>
                <p>
                  <Trans>
                    Risposte {submitted} su {assigned}, rifiuti {refused}
                  </Trans>
                </p>
              </IonLabel>
              {card.cancelledAt && (
                <IonBadge slot="end" color="medium">
                  <Trans>Annullata</Trans>
                </IonBadge>
              )}
            </IonItem>
            {action?.(card)}
          </li>
        );
      })}
    </ul>
  );
}
