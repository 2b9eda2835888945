import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkmarkCircleOutline, notificationsOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { PaiActivity } from '../../contract/pai';
import { useDateFormat } from '../../i18n/dates';
import { dayLabel } from './labels';
import '../../ui/record-card.css';

export interface ActivityActions {
  /** The plan is no longer in force: an activity not done stays "Non svolta", not "Da svolgere". */
  planClosed?: boolean;
  /** Absent: the caller may not mark done (a guest, a plan no longer in force). */
  onDone?: (activity: PaiActivity) => void;
  onReminders?: (activity: PaiActivity) => void;
}

function ReminderSummary({ activity }: { activity: PaiActivity }): JSX.Element {
  const { i18n } = useLingui();
  const days = activity.reminderDays;
  if (days.length === 0) return <Trans>Nessun promemoria</Trans>;
  const list = days.map((day) => i18n._(dayLabel(day))).join(', ');
  return activity.reminderDefault ? (
    <Trans>Promemoria: {list} (preferenze generali)</Trans>
  ) : (
    <Trans>Promemoria: {list}</Trans>
  );
}

/** One activity: what, by when, its state; to do → "Segna come svolta" and its reminders. */
export function ActivityCard({
  activity,
  planClosed = false,
  onDone,
  onReminders,
}: { activity: PaiActivity } & ActivityActions): JSX.Element {
  const { t } = useLingui();
  const { date } = useDateFormat();
  const planned = date(activity.plannedDate);
  const delivered = date(activity.deliveryDate);
  const doneBy = activity.doneBy ?? '';
  const isDone = activity.status === 'DONE';
  return (
    <article className="record-card pai-activity" aria-labelledby={`pai-activity-${activity.activityId}`}>
      <div className="record-card-header pai-activity-head">
        <h3 id={`pai-activity-${activity.activityId}`}>{activity.title}</h3>
        <span className={`tone-chip pai-chip tone-${isDone ? 'success' : planClosed ? 'muted' : 'warning'}`}>
          {isDone ? t`Svolta` : planClosed ? t`Non svolta` : t`Da svolgere`}
        </span>
      </div>
      {activity.description && <p>{activity.description}</p>}
      <p className="pai-meta">
        <span>
          <Trans>Entro il {planned}</Trans>
        </span>
        {isDone && (
          <span>
            {doneBy ? (
              <Trans>
                Svolta il {delivered} · segnata da {doneBy}
              </Trans>
            ) : (
              <Trans>Svolta il {delivered}</Trans>
            )}
          </span>
        )}
        {!isDone && onReminders && (
          <span>
            <ReminderSummary activity={activity} />
          </span>
        )}
      </p>
      {!isDone && (onDone || onReminders) && (
        <div className="pai-actions">
          {onDone && (
            <IonButton onClick={() => onDone(activity)}>
              <IonIcon slot="start" icon={checkmarkCircleOutline} aria-hidden="true" />
              <Trans>Segna come svolta</Trans>
            </IonButton>
          )}
          {onReminders && (
            <IonButton fill="outline" onClick={() => onReminders(activity)}>
              <IonIcon slot="start" icon={notificationsOutline} aria-hidden="true" />
              <Trans>Promemoria</Trans>
            </IonButton>
          )}
        </div>
      )}
    </article>
  );
}
