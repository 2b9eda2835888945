/**
 * "Avvisami quando qualcuno apre il mio fascicolo" (patients only): off, for everyone, or only for those
 * outside the care team. Saved at once, apart from the form below: it does not depend on the categories,
 * and an alert leaves at once whatever the frequency.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import type { AccessAlerts, NotificationPreferences } from '../../contract/notify';
import { showToast } from '../../ui/toasts';
import { savePreferences } from './api';

const CHOICES: readonly { value: AccessAlerts; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  {
    value: 'OFF',
    label: msg`No`,
    hint: msg`Gli accessi restano visibili in «Chi ha consultato i miei dati».`,
  },
  {
    value: 'EVERYONE',
    label: msg`Per chiunque`,
    hint: msg`Medici, operatori e persone a cui hai dato accesso.`,
  },
  {
    value: 'OUTSIDE_CARE_TEAM',
    label: msg`Solo per chi non è nella mia équipe di cura`,
    hint: msg`Non per i medici dei tuoi reparti e dei progetti a cui partecipi.`,
  },
];

export function AccessAlertsSection({
  preferences,
  onSaved,
}: {
  preferences: NotificationPreferences;
  onSaved: (saved: NotificationPreferences) => void;
}): JSX.Element {
  const { i18n } = useLingui();
  const [saving, setSaving] = useState(false);
  const choose = async (accessAlerts: AccessAlerts) => {
    setSaving(true);
    try {
      onSaved(await savePreferences({ ...preferences, accessAlerts }));
      showToast('success', msg`Preferenze salvate.`);
    } catch {
      showToast('error', msg`Preferenze non salvate. Controlla la connessione e riprova.`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="notify-section" aria-labelledby="notify-access-alerts">
      <h2 id="notify-access-alerts">
        <Trans>Avvisami quando qualcuno apre il mio fascicolo</Trans>
      </h2>
      <p className="notify-option-hint" id="notify-access-alerts-hint">
        <Trans>
          Un avviso entro un minuto, uno per persona anche se consulta più documenti; sullo schermo bloccato
          non compaiono nomi né documenti. Dall'avviso puoi segnalare un accesso che non riconosci.
        </Trans>
      </p>
      <fieldset
        className="notify-group"
        disabled={saving}
        aria-labelledby="notify-access-alerts"
        aria-describedby="notify-access-alerts-hint"
      >
        {CHOICES.map((choice) => (
          <label key={choice.value} className="notify-option">
            <input
              type="radio"
              name="access-alerts"
              checked={preferences.accessAlerts === choice.value}
              onChange={() => void choose(choice.value)}
            />
            <span>
              <span className="notify-option-label">{i18n._(choice.label)}</span>
              <span className="notify-option-hint">{i18n._(choice.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
