/**
 * The booking form's "when": a call now (as before) or a visit on a date and at a time, hospital time.
 * The contract checks both sides alike: here before sending, on the server again (a 400 names the field).
 */
import { IonLabel } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId } from 'react';
import * as v from 'valibot';
import type { FieldError } from '../../contract/common';
import { RequestConferenceBody, VISIT_MAX_DAYS_AHEAD } from '../../contract/conferences';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/segment';
import { bookingBounds } from './visit-time';

export interface Booking {
  mode: 'now' | 'later';
  date: string;
  time: string;
}

export function initialBooking(): Booking {
  return { mode: 'now', date: bookingBounds().proposed, time: '09:00' };
}

/** The request's body: empty for a call now. */
export function bookingBody(booking: Booking): RequestConferenceBody {
  return booking.mode === 'now' ? {} : { date: booking.date, time: booking.time };
}

/** The contract's verdict on the form, as the server would answer it. */
export function bookingProblems(booking: Booking): FieldError[] {
  const result = v.safeParse(RequestConferenceBody, bookingBody(booking));
  if (result.success) return [];
  return result.issues.map((issue) => ({
    field: String(issue.path?.[0]?.key ?? 'date'),
    code: issue.message === 'outOfRange' || issue.message === 'required' ? issue.message : 'invalid',
  }));
}

const days = VISIT_MAX_DAYS_AHEAD;
const PROBLEMS: Record<'date' | 'time', Partial<Record<FieldError['code'], MessageDescriptor>>> = {
  date: {
    required: msg`Scegli la data della visita`,
    outOfRange: msg`Scegli una data da oggi a ${days} giorni`,
  },
  time: {
    required: msg`Scegli l'ora della visita`,
    outOfRange: msg`L'ora è già passata: scegline una successiva`,
  },
};
const INVALID = msg`Valore non valido`;

export function VisitWhenFields({
  value,
  onChange,
  problems,
  disabled,
}: {
  value: Booking;
  onChange: (next: Booking) => void;
  problems: readonly FieldError[];
  disabled: boolean;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const base = useId();
  const ids = {
    date: { input: `${base}-date`, error: `${base}-date-error` },
    time: { input: `${base}-time`, error: `${base}-time-error` },
  };
  const bounds = bookingBounds();
  const problemOf = (field: 'date' | 'time') => {
    const problem = problems.find((entry) => entry.field === field);
    return problem ? (PROBLEMS[field][problem.code] ?? INVALID) : null;
  };
  const field = (name: 'date' | 'time', label: JSX.Element) => {
    const problem = problemOf(name);
    return (
      <div className="field">
        <label htmlFor={ids[name].input}>{label}</label>
        <input
          id={ids[name].input}
          type={name}
          value={value[name]}
          min={name === 'date' ? bounds.min : undefined}
          max={name === 'date' ? bounds.max : undefined}
          required
          disabled={disabled}
          aria-invalid={problem !== null}
          aria-describedby={problem ? ids[name].error : undefined}
          onChange={(event) => onChange({ ...value, [name]: event.target.value })}
        />
        {problem && (
          <span id={ids[name].error} className="field-error" role="alert">
            {i18n._(problem)}
          </span>
        )}
      </div>
    );
  };
  return (
    <fieldset className="conference-when-fields">
      <legend>
        <Trans>Quando</Trans>
      </legend>
      <IonSegment
        value={value.mode}
        aria-label={t`Quando`}
        disabled={disabled}
        onIonChange={(event) =>
          onChange({ ...value, mode: event.detail.value === 'later' ? 'later' : 'now' })
        }
      >
        <IonSegmentButton value="now">
          <IonLabel>
            <Trans>Adesso</Trans>
          </IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="later">
          <IonLabel>
            <Trans>Prenota</Trans>
          </IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {value.mode === 'later' && (
        <>
          <div className="field-grid conference-when-grid">
            {field('date', <Trans>Data</Trans>)}
            {field('time', <Trans>Orario</Trans>)}
          </div>
          <p className="muted conference-when-hint">
            <Trans>
              Ora italiana. Il paziente potrà entrare da 10 minuti prima e riceverà un promemoria.
            </Trans>
          </p>
        </>
      )}
    </fieldset>
  );
}
