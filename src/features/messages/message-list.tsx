/** A box (received or sent): one row per message, the unread in bold, the read receipts on sent ones. */
import { IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { MessageSummary } from '../../contract/messages';
import { useDateFormat } from '../../i18n/dates';
import type { Box } from './api';

function receipt(message: MessageSummary): 'all' | 'some' | 'none' {
  const read = message.recipients.filter((each) => each.readAt !== null).length;
  if (read === 0) return 'none';
  return read === message.recipients.length ? 'all' : 'some';
}

export function MessageList({
  box,
  messages,
  onOpen,
}: {
  box: Box;
  messages: readonly MessageSummary[];
  onOpen: (message: MessageSummary) => void;
}): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  return (
    <IonList aria-label={box === 'received' ? t`Messaggi ricevuti` : t`Messaggi inviati`}>
      {messages.map((message) => {
        const unread = box === 'received' && message.readAt === null;
        const who =
          box === 'received'
            ? message.sender.displayName
            : t`A: ${message.recipients.map((each) => each.displayName).join(', ')}`;
        const state = receipt(message);
        return (
          <IonItem
            key={message.id}
            button
            detail={false}
            className={`message-item${unread ? ' is-unread' : ''}`}
            onClick={() => onOpen(message)}
          >
            {unread && <span className="message-unread-dot" slot="start" aria-hidden="true" />}
            <IonLabel>
              <h2>
                {unread && <span className="visually-hidden">{t`Non letto:`} </span>}
                {message.subject}
              </h2>
              <p>{who}</p>
              <p className="muted">{message.preview}</p>
            </IonLabel>
            <div className="message-meta" slot="end">
              <span>{format.dateTime(message.dateCreated)}</span>
              {message.hasAttachment && (
                <IonNote>
                  <Trans>Allegato</Trans>
                </IonNote>
              )}
              {box === 'sent' && (
                <IonNote>
                  {state === 'all' && <Trans>Letto</Trans>}
                  {state === 'some' && <Trans>Letto in parte</Trans>}
                  {state === 'none' && <Trans>Non ancora letto</Trans>}
                </IonNote>
              )}
            </div>
          </IonItem>
        );
      })}
    </IonList>
  );
}
