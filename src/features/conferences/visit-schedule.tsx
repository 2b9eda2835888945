/** A booked visit on a card: when it starts, why the join button still waits, and "add to calendar". */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { calendarOutline, downloadOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { Conference } from '../../contract/conferences';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { downloadCalendar, visitCalendar } from './calendar-file';
import { hospitalParts } from './visit-time';

/** "Videovisita programmata il 28/11/2026 alle 15:30" (hospital time). */
export function VisitWhen({ scheduledAt }: { scheduledAt: string }): JSX.Element {
  const format = useDateFormat();
  const { date, time } = hospitalParts(scheduledAt);
  const day = format.date(date);
  return (
    <p className="conference-when">
      <IonIcon icon={calendarOutline} aria-hidden="true" />
      <span>
        <Trans>
          Videovisita programmata il <strong>{day}</strong> alle <strong>{time}</strong>
        </Trans>
      </span>
    </p>
  );
}

/** Why "Entra" is disabled: "La visita inizia alle 15:30 — potrai entrare da 10 minuti prima". */
export function JoinNotYet({ id, scheduledAt, now }: { id: string; scheduledAt: string; now: number }) {
  const format = useDateFormat();
  const start = hospitalParts(scheduledAt);
  const today = hospitalParts(new Date(now)).date === start.date;
  const time = start.time;
  const day = format.date(start.date);
  return (
    <p id={id} className="conference-not-yet">
      {today ? (
        <Trans>La visita inizia alle {time} — potrai entrare da 10 minuti prima</Trans>
      ) : (
        <Trans>
          La visita inizia il {day} alle {time} — potrai entrare da 10 minuti prima
        </Trans>
      )}
    </p>
  );
}

/** Downloads the visit as an .ics file (no names, nothing clinical). */
export function AddToCalendar({ conference }: { conference: Conference }): JSX.Element | null {
  const { t } = useLingui();
  const scheduledAt = conference.scheduledAt;
  if (scheduledAt === null) return null;
  const save = (): void =>
    downloadCalendar(
      visitCalendar({
        id: conference.id,
        scheduledAt,
        summary: t`Videovisita`,
        description: t`Entra dal Fascicolo, sezione Videoconferenze, da 10 minuti prima dell'inizio.`,
        url: new URL(paths.videoconference(), window.location.origin).href,
      }),
    );
  return (
    <IonButton fill="outline" onClick={save}>
      <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
      <Trans>Aggiungi al calendario</Trans>
    </IonButton>
  );
}
