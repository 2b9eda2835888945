/** The patient's "what is waiting" list: each line one tap from the screen that deals with it. */
import { IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  archiveOutline,
  checkmarkCircleOutline,
  closeCircleOutline,
  createOutline,
  documentsOutline,
  exitOutline,
  fileTrayFullOutline,
  fitnessOutline,
  hourglassOutline,
} from 'ionicons/icons';
import type { JSX } from 'react';
import type { RecordExport } from '../../contract/export';
import type { HomePairToRead, PatientHome } from '../../contract/home';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { EmptyState } from '../../ui/state-views';
import { REQUEST_KIND_TEXT, REQUEST_STATUS_TEXT } from './labels';

function Line({ href, icon, children }: { href: string; icon: string; children: JSX.Element }): JSX.Element {
  return (
    <IonItem routerLink={href} detail className="waiting-line">
      <IonIcon slot="start" icon={icon} aria-hidden="true" />
      {children}
    </IonItem>
  );
}

function GuestEndingLine({ name, lastDay }: { name: string; lastDay: string }): JSX.Element {
  return (
    <Line href={paths.guests()} icon={hourglassOutline}>
      <IonLabel>
        <h3>{name}</h3>
        <p>
          <Trans>Il suo accesso ai tuoi documenti termina il {lastDay}</Trans>
        </p>
      </IonLabel>
    </Line>
  );
}

/** A signed rehabilitation plan not opened yet: new, or changing the one before. */
function PairLine({ patientId, pair }: { patientId: number; pair: HomePairToRead }): JSX.Element {
  return (
    <Line href={paths.pair(patientId)} icon={fitnessOutline}>
      <IonLabel>
        <h3>
          {pair.changed ? (
            <Trans>Il tuo piano riabilitativo è cambiato</Trans>
          ) : (
            <Trans>Nuovo piano riabilitativo</Trans>
          )}
        </h3>
        <p>{pair.name}</p>
      </IonLabel>
    </Line>
  );
}

/** The whole record's archive, ready to download (the export screen's read, not the home's). */
function ExportReadyLine({ job }: { job: RecordExport }): JSX.Element {
  const { date } = useDateFormat();
  const until = date(job.expiresAt);
  return (
    <Line href={paths.recordExport()} icon={archiveOutline}>
      <IonLabel>
        <h3>
          <Trans>Il tuo fascicolo è pronto da scaricare</Trans>
        </h3>
        <p>
          <Trans>Disponibile fino al {until}</Trans>
        </p>
      </IonLabel>
    </Line>
  );
}

export function WaitingCard({
  home,
  readyExport = null,
}: {
  home: PatientHome;
  readyExport?: RecordExport | null;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const { date } = useDateFormat();
  const { patientId, consentsToSign, requests, uploadsReviewed, newDocuments, guestsEnding, pairToRead } =
    home;
  const projectsEnded = home.projectsEnded ?? [];
  const since = date(home.since);
  const requestedOn = (day: string): string => t`richiesta del ${day}`;
  const nothing =
    consentsToSign +
      requests.length +
      uploadsReviewed.length +
      newDocuments +
      guestsEnding.length +
      projectsEnded.length ===
      0 &&
    pairToRead === null &&
    readyExport === null;
  return (
    <section className="waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title" className="home-section-title">
        <Trans>Cosa ti aspetta</Trans>
      </h2>
      {nothing ? (
        <EmptyState title={<Trans>Nulla in attesa</Trans>}>
          <p>
            <Trans>
              Nessun consenso da firmare, nessuna richiesta in corso e nessun documento nuovo dal {since}.
            </Trans>
          </p>
        </EmptyState>
      ) : (
        <IonList lines="full" className="waiting-list">
          {pairToRead && <PairLine patientId={patientId} pair={pairToRead} />}
          {readyExport && <ExportReadyLine job={readyExport} />}
          {consentsToSign > 0 && (
            <Line href={paths.consents(patientId)} icon={createOutline}>
              <IonLabel>
                <Plural value={consentsToSign} one="# consenso da firmare" other="# consensi da firmare" />
              </IonLabel>
            </Line>
          )}
          {requests.map((request) => (
            <Line key={`r${request.id}`} href={paths.archiveRequest(patientId)} icon={fileTrayFullOutline}>
              <IonLabel>
                <h3>{i18n._(REQUEST_KIND_TEXT[request.kind])}</h3>
                <p className={request.status === 'READY' ? 'waiting-ready' : undefined}>
                  {i18n._(REQUEST_STATUS_TEXT[request.status])} · {requestedOn(date(request.createdAt))}
                </p>
              </IonLabel>
            </Line>
          ))}
          {uploadsReviewed.map((upload) => (
            <Line
              key={`u${upload.id}`}
              href={paths.fileUpload()}
              icon={upload.status === 'VALIDATED' ? checkmarkCircleOutline : closeCircleOutline}
            >
              <IonLabel>
                <h3>{upload.title}</h3>
                <p>
                  {upload.status === 'VALIDATED' ? (
                    <Trans>Approvato dal medico</Trans>
                  ) : (
                    <Trans>Rifiutato dal medico</Trans>
                  )}
                </p>
              </IonLabel>
            </Line>
          ))}
          {newDocuments > 0 && (
            <Line href={paths.dossier()} icon={documentsOutline}>
              <IonLabel>
                <Plural
                  value={newDocuments}
                  one={`# documento nuovo dal ${since}`}
                  other={`# documenti nuovi dal ${since}`}
                />
              </IonLabel>
            </Line>
          )}
          {projectsEnded.map((project) => {
            const day = date(project.endedAt);
            return (
              <Line key={`p${project.projectId}`} href={paths.consents(patientId)} icon={exitOutline}>
                <IonLabel>
                  <h3>{project.name}</h3>
                  <p>
                    <Trans>Il progetto ha terminato la tua partecipazione il {day}</Trans>
                  </p>
                </IonLabel>
              </Line>
            );
          })}
          {guestsEnding.map((guest) => (
            <GuestEndingLine key={`g${guest.guestId}`} name={guest.name} lastDay={date(guest.lastDay)} />
          ))}
        </IonList>
      )}
    </section>
  );
}
