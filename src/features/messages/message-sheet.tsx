/**
 * One message with its conversation (oldest first, the opened one outlined). Opening a received message
 * marks it read on the server, which tells the sender (read receipt). Reply answers the sender, or
 * everyone on a message the caller sent; "Segna come non letto" puts it back in the count.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { arrowUndoOutline, attachOutline, mailUnreadOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { MessageDetail } from '../../contract/messages';
import { useDateFormat } from '../../i18n/dates';
import { Sheet } from '../../ui/sheet';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { downloadAttachment, fetchMessage, markRead } from './api';

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; message: MessageDetail };

export function MessageSheet({
  messageId,
  userId,
  onClose,
  onReply,
  onChanged,
}: {
  messageId: number | null;
  userId: number;
  onClose: () => void;
  onReply: (message: MessageDetail) => void;
  onChanged: () => void;
}): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The list's reload: a new function each render, not a reason to load the message again.
  const changed = useRef(onChanged);
  changed.current = onChanged;

  useEffect(() => {
    void attempt;
    if (messageId === null) return;
    let active = true;
    setLoaded({ status: 'loading' });
    fetchMessage(messageId)
      .then((message) => {
        if (!active) return;
        setLoaded({ status: 'ready', message });
        changed.current();
      })
      .catch(() => active && setLoaded({ status: 'error' }));
    return () => {
      active = false;
    };
  }, [messageId, attempt]);

  const message = loaded.status === 'ready' ? loaded.message : null;
  const received = message !== null && message.sender.id !== userId;

  const unread = async (): Promise<void> => {
    if (!message) return;
    await markRead(message.id, false);
    showToast('success', msg`Messaggio segnato come non letto`);
    onChanged();
    onClose();
  };

  return (
    <Sheet
      open={messageId !== null}
      onClose={onClose}
      title={message?.subject ?? t`Messaggio`}
      footer={
        message && (
          <div className="message-send">
            <IonButton expand="block" onClick={() => onReply(message)}>
              <IonIcon slot="start" icon={arrowUndoOutline} aria-hidden="true" />
              <Trans>Rispondi</Trans>
            </IonButton>
            {received && (
              <IonButton expand="block" fill="outline" onClick={() => void unread()}>
                <IonIcon slot="start" icon={mailUnreadOutline} aria-hidden="true" />
                <Trans>Segna come non letto</Trans>
              </IonButton>
            )}
          </div>
        )
      }
    >
      {loaded.status === 'loading' && <LoadingState />}
      {loaded.status === 'error' && <ErrorState reason={null} onRetry={() => setAttempt((n) => n + 1)} />}
      {message && (
        <div className="message-thread">
          {message.thread.map((each) => (
            <article
              key={each.id}
              className={`message-card${each.id === message.id ? ' is-current' : ''}`}
              aria-current={each.id === message.id ? 'true' : undefined}
            >
              <header>
                <h3>{each.sender.displayName}</h3>
                <span className="muted">{format.dateTime(each.dateCreated)}</span>
              </header>
              <p className="muted">
                {t`A: ${each.recipients.map((person) => person.displayName).join(', ')}`}
              </p>
              {each.id !== message.id && <p className="message-card-subject">{each.subject}</p>}
              <p className="message-body">{each.body}</p>
              {each.sender.id === userId && (
                <ul className="message-receipts" aria-label={t`Conferme di lettura`}>
                  {each.recipients.map((person) => (
                    <li key={person.id}>
                      {person.readAt
                        ? t`${person.displayName}: letto il ${format.dateTime(person.readAt)}`
                        : t`${person.displayName}: non ancora letto`}
                    </li>
                  ))}
                </ul>
              )}
              {each.id === message.id && message.attachment && (
                <IonButton
                  fill="outline"
                  onClick={() => {
                    const file = message.attachment;
                    if (file) void downloadAttachment(message.id, file.name).catch(() => undefined);
                  }}
                >
                  <IonIcon slot="start" icon={attachOutline} aria-hidden="true" />
                  {t`Scarica ${message.attachment.name}`}
                </IonButton>
              )}
            </article>
          ))}
        </div>
      )}
    </Sheet>
  );
}
