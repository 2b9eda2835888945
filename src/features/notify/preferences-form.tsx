/**
 * The preferences of spec 3 below the switch: how often, which categories (toggles), what is important
 * enough for an SMS, care-plan reminders. Disabled, with the reason, while notifications are off.
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import {
  eventsOf,
  MAX_FALLBACK_SMS_PER_DAY,
  MAX_REMINDER_OFFSETS,
  NOTIFICATION_EVENTS,
  type NotificationCategory,
  type NotificationFrequency,
  type NotificationPreferences,
} from '../../contract/notify';
import { IonToggle } from '../../ui/ionic/toggle';
import { showToast } from '../../ui/toasts';
import { savePreferences } from './api';
import { CATEGORY_HINT, CATEGORY_LABEL, FREQUENCY_LABEL, REMINDER_CHOICES } from './labels';

function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...new Set([...list, item])] : list.filter((each) => each !== item);
}

const CATEGORIES = Object.keys(NOTIFICATION_EVENTS) as NotificationCategory[];
const FREQUENCIES = Object.keys(FREQUENCY_LABEL) as NotificationFrequency[];

function categoryOn(events: readonly string[], category: NotificationCategory): boolean {
  return NOTIFICATION_EVENTS[category].some((event) => events.includes(event));
}

export function PreferencesForm({
  initial,
  active,
  onSaved,
}: {
  initial: NotificationPreferences;
  /** The switch above is on: otherwise the choices wait, disabled. */
  active: boolean;
  onSaved: (saved: NotificationPreferences) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const maxSms = MAX_FALLBACK_SMS_PER_DAY;
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<NotificationPreferences>) =>
    setDraft((current) => ({ ...current, ...change }));
  const setCategory = (category: NotificationCategory, on: boolean) =>
    setDraft((current) => {
      const others = current.events.filter(
        (event) => !(NOTIFICATION_EVENTS[category] as readonly string[]).includes(event),
      );
      return { ...current, events: on ? [...others, ...eventsOf([category])] : others };
    });

  const save = async () => {
    setSaving(true);
    try {
      const saved = await savePreferences({ ...draft, enabled: initial.enabled });
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
      aria-describedby={active ? undefined : 'notify-form-off'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {!active && (
        <p id="notify-form-off" className="notify-off-note">
          <Trans>Accendi «Ricevi le notifiche» qui sopra per scegliere di cosa avvisarti.</Trans>
        </p>
      )}
      <fieldset className="notify-group" disabled={!active}>
        <legend>
          <Trans>Avvisami di</Trans>
        </legend>
        {CATEGORIES.map((category) => (
          <div key={category} className="notify-category">
            <IonToggle
              className="notify-toggle"
              justify="space-between"
              checked={categoryOn(draft.events, category)}
              disabled={!active}
              onIonChange={(event) => setCategory(category, event.detail.checked)}
            >
              {i18n._(CATEGORY_LABEL[category])}
            </IonToggle>
            <p className="notify-option-hint notify-toggle-hint">{i18n._(CATEGORY_HINT[category])}</p>
            <IonToggle
              className="notify-toggle notify-important"
              justify="space-between"
              checked={draft.important.includes(category)}
              disabled={!active || !categoryOn(draft.events, category)}
              onIonChange={(event) =>
                set({ important: toggled(draft.important, category, event.detail.checked) })
              }
            >
              <Trans>Importante: SMS se le notifiche non arrivano</Trans>
            </IonToggle>
          </div>
        ))}
        <p className="notify-option-hint">
          <Trans>
            Importante: quando per due giorni nessun tuo dispositivo mostra le notifiche, ti mandiamo un SMS
            senza dati clinici al cellulare del tuo profilo (al massimo {maxSms} al giorno).
          </Trans>
        </p>
      </fieldset>

      <fieldset className="notify-group" disabled={!active}>
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

      <fieldset className="notify-group" disabled={!active}>
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
        <IonButton
          type="submit"
          expand="block"
          disabled={saving || !active}
          aria-label={t`Salva le preferenze`}
        >
          {saving ? <Trans>Salvataggio…</Trans> : <Trans>Salva le preferenze</Trans>}
        </IonButton>
      </div>
    </form>
  );
}
