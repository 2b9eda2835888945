import { IonIcon, IonItem, IonLabel, IonList, IonListHeader, IonNote } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkmarkCircle, swapHorizontalOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { Account, StepUpProof } from '../contract/accounts';
import type { CurrentUser } from '../contract/user';
import { fetchAccounts, switchAccount } from '../session/account-switch';
import { confirm } from '../ui/confirm-dialog';
import { IonSpinner } from '../ui/ionic/spinner';
import { ROLE_LABEL } from '../ui/role-labels';
import { AccountStepUp, type StepUpRequest } from './account-step-up';

/** "Medico", or for a guest "Persona autorizzata · Mario Rossi": whose dossier the account opens. */
function roleLine(account: Account, translate: (descriptor: MessageDescriptor) => string): string {
  const role = translate(ROLE_LABEL[account.userType]);
  return account.patientName ? `${role} · ${account.patientName}` : role;
}

/**
 * "Cambia profilo" in the side menu: the person's other accounts (a physician's patient
 * account, a guest's other patients), the current one marked. Shown only when there is a choice. Choosing
 * one asks first (a staff account: its authenticator's code), then switches and reloads the portal
 * on the new account.
 */
export function AccountSwitcher({ user }: { user: CurrentUser }): JSX.Element | null {
  const { t, i18n } = useLingui();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [stepUp, setStepUp] = useState<StepUpRequest | null>(null);

  // Read once per signed-in account: the side menu keys this component by it.
  useEffect(() => {
    let active = true;
    // A failure leaves the section out: the menu works without it, and the error toast has spoken.
    fetchAccounts()
      .then((list) => active && setAccounts(list))
      .catch(() => active && setAccounts(null));
    return () => {
      active = false;
    };
  }, []);

  if (!accounts || accounts.length < 2) return null;
  const translate = (descriptor: MessageDescriptor): string => i18n._(descriptor);

  const leavingGuest = user.userType === 'GUE';

  async function switchWithProof(account: Account, proof: StepUpProof): Promise<void> {
    setSwitching(account.id);
    try {
      await switchAccount(account.id, { leavingGuest, stepUp: proof });
    } catch (error) {
      setSwitching(null);
      throw error; // the step shows why and stays open
    }
  }

  async function choose(account: Account): Promise<void> {
    if (account.current || switching) return;
    const name = account.displayName;
    const role = roleLine(account, translate);
    // The code step is the question: it says where it leads and can be closed.
    if (account.stepUp.includes('totp')) {
      setStepUp({ account, role });
      return;
    }
    const yes = await confirm({
      header: msg`Cambia profilo`,
      message: msg`Passare al profilo ${name} (${role})? Il portale si ricaricherà con i dati di questo profilo.`,
      confirmLabel: msg`Cambia profilo`,
    });
    if (!yes) return;
    setSwitching(account.id);
    try {
      await switchAccount(account.id, { leavingGuest });
    } catch {
      setSwitching(null); // the error toast says why; the current account stays as it was
    }
  }

  return (
    <>
      <IonListHeader>
        <IonLabel>
          <Trans>Cambia profilo</Trans>
        </IonLabel>
      </IonListHeader>
      <IonList aria-label={t`Profili disponibili`}>
        {accounts.map((account) => (
          <IonItem
            key={account.id}
            button={!account.current}
            detail={false}
            disabled={switching !== null && switching !== account.id}
            aria-current={account.current ? 'true' : undefined}
            onClick={() => void choose(account)}
          >
            <IonIcon
              slot="start"
              icon={account.current ? checkmarkCircle : swapHorizontalOutline}
              color={account.current ? 'primary' : undefined}
              aria-hidden="true"
            />
            <IonLabel className="ion-text-wrap">
              <h3 className="menu-account-name">{account.displayName}</h3>
              <IonNote>{roleLine(account, translate)}</IonNote>
              {account.current && (
                <p className="menu-account-current">
                  <Trans>Profilo in uso</Trans>
                </p>
              )}
            </IonLabel>
            {switching === account.id && (
              <IonSpinner slot="end" name="crescent" aria-label={t`Cambio profilo in corso`} />
            )}
          </IonItem>
        ))}
      </IonList>
      <AccountStepUp request={stepUp} onCancel={() => setStepUp(null)} onSubmit={switchWithProof} />
    </>
  );
}
