import { IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { Trans } from '@lingui/react/macro';
import { documentTextOutline, folderOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { PaiFolder } from '../../contract/pai';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';

/** The plan's folders and the dossier documents filed in them (only those the reader may see). */
export function FoldersSection({ folders }: { folders: PaiFolder[] }): JSX.Element {
  const { date } = useDateFormat();
  return (
    <section className="pai-section" aria-labelledby="pai-folders-title">
      <h2 id="pai-folders-title">
        <Trans>Cartelle del piano</Trans>
      </h2>
      {folders.length === 0 && (
        <p className="muted">
          <Trans>Il piano non ha cartelle.</Trans>
        </p>
      )}
      {folders.map((folder) => (
        <div key={folder.id} className="pai-folder">
          <h3>
            <IonIcon icon={folderOutline} aria-hidden="true" className="inline-icon" /> {folder.name}
          </h3>
          {folder.documents.length === 0 ? (
            <p className="muted">
              <Trans>Nessun documento in questa cartella</Trans>
            </p>
          ) : (
            <IonList inset aria-label={folder.name}>
              {folder.documents.map((doc) => (
                <IonItem
                  key={doc.id}
                  routerLink={doc.viewable ? paths.documentViewer(doc.id) : undefined}
                  detail={doc.viewable}
                >
                  <IonIcon slot="start" icon={documentTextOutline} aria-hidden="true" />
                  <IonLabel className="ion-text-wrap">
                    <h4>{doc.title}</h4>
                    <p>
                      {doc.documentType.desc} · {date(doc.docCreationDateTime)}
                    </p>
                  </IonLabel>
                </IonItem>
              ))}
            </IonList>
          )}
        </div>
      ))}
    </section>
  );
}
