import { IonButton, IonIcon } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import { menuOutline, menuSharp } from 'ionicons/icons';
import type { JSX } from 'react';
import { toggleSideMenu } from './side-menu-demand';

/**
 * The toolbar's menu button. Not Ionic's `ion-menu-button`: that one hides itself while no menu is mounted, and
 * the side menu mounts on demand (side-menu-demand.ts). Hidden where the split pane shows the menu (ui.css).
 */
export function MenuButton(): JSX.Element {
  const { t } = useLingui();
  return (
    <IonButton className="menu-button" aria-label={t`Apri il menu`} onClick={() => void toggleSideMenu()}>
      <IonIcon slot="icon-only" ios={menuOutline} md={menuSharp} aria-hidden="true" />
    </IonButton>
  );
}
