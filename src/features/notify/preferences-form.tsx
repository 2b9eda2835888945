/** The preferences of spec 3: the general switch, how often, which events, what is important, reminders. */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import {
  MAX_FALLBACK_SMS_PER_DAY,
  MAX_REMINDER_OFFSETS,
  NOTIFICATION_EVENTS,
  type NotificationCategory,
  type NotificationFrequency,
  type NotificationPreferences,
} from '../../contract/notify';
import { showToast } from '../../ui/toasts';
import { savePreferences } from './api';
import { CATEGORY_LABEL, EVENT_LABEL, FREQUENCY_LABEL, REMINDER_CHOICES } from './labels';

function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...new Set([...list, item])] : list.filter((each) => each !== item);
}

const CATEGORIES = Object.keys(NOTIFICATION_EVENTS) as NotificationCategory[];
const FREQUENCIES = Object.keys(FREQUENCY_LABEL) as NotificationFrequency[];

export function PreferencesForm({
  initial,
  onSaved,
}: {
  initial: NotificationPreferences;
  onSaved: (saved: NotificationPreferences) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const maxSms = MAX_FALLBACK_SMS_PER_DAY;
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<NotificationPreferences>) =>
    setDraft((current) => ({ ...current, ...change }));

  const save = async () => {
    setSaving(true);
    try {
      const saved = await savePreferences(draft);
      onSaved(saved);
      showToast('success', msg`Preferenze salvate.`);
    } catch {
      showToast('error', msg`Preferenze non salvate. Controlla la connessione e riprova.`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="notify-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="notify-switch">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        <span>
          <span className="notify-option-label">
            <Trans>Ricevi notifiche</Trans>
          </span>
          <span className="notify-option-hint">
            <Trans>Spento, non ti avvisiamo di nulla: le novità restano visibili nel Fascicolo.</Trans>
          </span>
        </span>
      </label>

      <fieldset className="notify-group" disabled={!draft.enabled}>
        <legend>
          <Trans>Quando avvisarti</Trans>
        </legend>
        {FREQUENCIES.map((frequency) => (
          <label key={frequency} className="notify-option">
            <input
              type="radio"
              name="frequency"
              checked={draft.frequency === frequency}
              onChange={() => set({ frequency })}
            />
            <span>
              <span className="notify-option-label">{i18n._(FREQUENCY_LABEL[frequency].label)}</span>
              <span className="notify-option-hint">{i18n._(FREQUENCY_LABEL[frequency].hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {CATEGORIES.map((category) => (
        <fieldset key={category} className="notify-group" disabled={!draft.enabled}>
          <legend>{i18n._(CATEGORY_LABEL[category])}</legend>
          {NOTIFICATION_EVENTS[category].map((event) => (
            <label key={event} className="notify-option">
              <input
                type="checkbox"
                checked={draft.events.includes(event)}
                onChange={(change) => set({ events: toggled(draft.events, event, change.target.checked) })}
              />
              <span className="notify-option-label">{i18n._(EVENT_LABEL[event])}</span>
            </label>
          ))}
          <label className="notify-option notify-important">
            <input
              type="checkbox"
              checked={draft.important.includes(category)}
              onChange={(change) =>
                set({ important: toggled(draft.important, category, change.target.checked) })
              }
            />
            <span>
              <span className="notify-option-label">
                <Trans>Importante: avvisami con un SMS se le notifiche non arrivano</Trans>
              </span>
              <span className="notify-option-hint">
                <Trans>
                  Quando per due giorni nessun tuo dispositivo mostra le notifiche, ti mandiamo un SMS senza
                  dati clinici al cellulare del tuo profilo (al massimo {maxSms} al giorno).
                </Trans>
              </span>
            </span>
          </label>
        </fieldset>
      ))}

      <fieldset className="notify-group" disabled={!draft.enabled}>
        <legend>
          <Trans>Promemoria del piano di cura</Trans>
        </legend>
        {REMINDER_CHOICES.map((choice) => (
          <label key={choice.days} className="notify-option">
            <input
              type="checkbox"
              checked={draft.reminderDays.includes(choice.days)}
              disabled={
                !draft.reminderDays.includes(choice.days) && draft.reminderDays.length >= MAX_REMINDER_OFFSETS
              }
              onChange={(change) =>
                set({ reminderDays: toggled(draft.reminderDays, choice.days, change.target.checked) })
              }
            />
            <span className="notify-option-label">{i18n._(choice.label)}</span>
          </label>
        ))}
      </fieldset>

      <div className="notify-actions">
        <IonButton type="submit" expand="block" disabled={saving} aria-label={t`Salva le preferenze`}>
          {saving ? <Trans>Salvataggio…</Trans> : <Trans>Salva le preferenze</Trans>}
        </IonButton>
      </div>
    </form>
  );
}
