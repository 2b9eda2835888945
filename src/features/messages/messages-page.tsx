/**
 * `/messages` (spec 2): the received and sent boxes, a message with its conversation, and writing one.
 * Staff open it as `/messages?patientId=…` ("Scrivi al paziente" on the patient's record) to write to that
 * patient at once: the sheet opens with the patient chosen. The lists follow the live channel and pull to
 * refresh; the draft survives closing the app (draft.ts).
 */
import { IonButton, IonIcon, IonLabel } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createOutline } from 'ionicons/icons';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { MessageDetail } from '../../contract/messages';
import type { CurrentUser } from '../../contract/user';
import { currentUserAtom } from '../../session/session-atoms';
import { confirm } from '../../ui/confirm-dialog';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/segment';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { type Box, fetchBox } from './api';
import { ComposeSheet } from './compose-sheet';
import { emptyMessageDraft, isBlank, type MessageDraft, messageDraftAtom } from './draft';
import { clearDraftFile } from './draft-file';
import { MessageList } from './message-list';
import { MessageSheet } from './message-sheet';
import './messages.css';

const LIVE = ['messages'] as const;

/** The answer's draft: to the sender, or (a message the caller sent) to everyone it went to. */
function replyDraft(message: MessageDetail, userId: number): MessageDraft {
  const people = [message.sender, ...message.recipients].filter((person) => person.id !== userId);
  const to = message.sender.id === userId ? message.recipients : [message.sender];
  return {
    recipientIds: to.map((person) => person.id),
    subject: /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`.slice(0, 150),
    body: '',
    replyToId: message.id,
    patientId: null,
    patientName: null,
    threadPeople: people.map(({ id, displayName }) => ({ id, displayName })),
  };
}

export function MessagesPage(): JSX.Element | null {
  const user = useAtomValue(currentUserAtom);
  return user ? <Messages user={user} /> : null;
}

function Messages({ user }: { user: CurrentUser }): JSX.Element {
  const { t } = useLingui();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const staff = user.userType !== 'PAT' && user.userType !== 'GUE';
  const requested = Number(new URLSearchParams(search).get('patientId'));
  const patientId = staff && requested > 0 ? requested : null;
  const [box, setBox] = useState<Box>('received');
  const [openId, setOpenId] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  const userKey = String(user.id);
  const [draft, setDraft] = useAtom(messageDraftAtom(userKey));
  const load = useCallback(() => fetchBox(box), [box]);
  const list = useLoader(load, { keepOnError: true, refreshOnReturn: true, liveTopics: LIVE });
  const { state } = list;

  const write = (): void => {
    // A draft in progress is resumed as it is; otherwise a new one, about this screen's patient.
    if (!draft || isBlank(draft)) setDraft(emptyMessageDraft(patientId));
    setComposing(true);
  };

  /** A draft in progress may be replaced only when the user says so. */
  const replaceDraft = async (next: MessageDraft): Promise<boolean> => {
    if (draft && !isBlank(draft)) {
      const replace = await confirm({
        header: msg`Bozza non inviata`,
        message: msg`Hai un messaggio non inviato: la bozza verrà sostituita.`,
        confirmLabel: msg`Sostituisci`,
        destructive: true,
      });
      if (!replace) return false;
    }
    clearDraftFile(userKey);
    setDraft(next);
    return true;
  };

  // From the patient's record: a message to that patient, at once (the address then drops the patient, so
  // going back or reloading does not start another).
  const started = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per patient asked for
  useEffect(() => {
    if (patientId === null) started.current = null;
    if (patientId === null || started.current === patientId) return;
    started.current = patientId;
    navigate(pathname, { replace: true });
    const same = draft?.patientId === patientId && draft.replyToId === null;
    void (same ? Promise.resolve(true) : replaceDraft(emptyMessageDraft(patientId))).then(() =>
      setComposing(true),
    );
  }, [patientId]);

  const reply = async (message: MessageDetail): Promise<void> => {
    if (!(await replaceDraft(replyDraft(message, user.id)))) return;
    setOpenId(null);
    setComposing(true);
  };

  return (
    <PageLayout title={t`Messaggi`} refresher={<Refresher onRefresh={list.reload} />}>
      <div className="messages-toolbar">
        <IonSegment
          value={box}
          onIonChange={(event) => setBox(event.detail.value === 'sent' ? 'sent' : 'received')}
          aria-label={t`Cartella`}
        >
          <IonSegmentButton value="received">
            <IonLabel>
              <Trans>Ricevuti</Trans>
            </IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="sent">
            <IonLabel>
              <Trans>Inviati</Trans>
            </IonLabel>
          </IonSegmentButton>
        </IonSegment>
        <IonButton onClick={write}>
          <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
          {draft && !isBlank(draft) ? <Trans>Riprendi la bozza</Trans> : <Trans>Scrivi</Trans>}
        </IonButton>
      </div>
      <LoadedView state={state} onRetry={list.reload} staleNotice>
        {(value) => (
          <>
            {value.messages.length === 0 && (
              <EmptyState
                title={
                  box === 'received' ? (
                    <Trans>Nessun messaggio ricevuto</Trans>
                  ) : (
                    <Trans>Nessun messaggio inviato</Trans>
                  )
                }
              />
            )}
            {value.messages.length > 0 && (
              <MessageList box={box} messages={value.messages} onOpen={(message) => setOpenId(message.id)} />
            )}
          </>
        )}
      </LoadedView>
      <MessageSheet
        messageId={openId}
        userId={user.id}
        onClose={() => setOpenId(null)}
        onReply={(message) => void reply(message)}
        onChanged={() => void list.reload()}
      />
      <ComposeSheet
        open={composing}
        userKey={userKey}
        patientId={patientId}
        staff={staff}
        onClose={() => setComposing(false)}
        onSent={() => {
          setComposing(false);
          setBox('sent');
        }}
      />
    </PageLayout>
  );
}
