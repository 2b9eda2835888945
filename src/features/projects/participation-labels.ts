import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Participation, ProjectParticipantState } from '../../contract/projects';

/** Spec 4 "Project participation": participating, not participating, invited. */
export const PARTICIPATION_LOOK: Readonly<
  Record<Participation, { label: MessageDescriptor; tone: 'success' | 'warning' | 'medium' }>
> = {
  participating: { label: msg`Partecipa`, tone: 'success' },
  invited: { label: msg`Invito in attesa`, tone: 'warning' },
  'not-participating': { label: msg`Non partecipa`, tone: 'medium' },
};

/** A row of the project's participant list: its chip, the "since" under it, the filter's label. */
export const PARTICIPANT_STATE_LOOK: Readonly<
  Record<
    ProjectParticipantState,
    {
      label: MessageDescriptor;
      since: MessageDescriptor;
      filter: MessageDescriptor;
      tone: 'success' | 'warning' | 'danger';
    }
  >
> = {
  participating: {
    label: msg`Partecipa`,
    since: msg`dal {day}`,
    filter: msg`Partecipanti`,
    tone: 'success',
  },
  invited: {
    label: msg`Invito in attesa`,
    since: msg`invito del {day}`,
    filter: msg`Invitati`,
    tone: 'warning',
  },
  expired: {
    label: msg`Consenso scaduto`,
    since: msg`scaduto il {day}`,
    filter: msg`Scaduti`,
    tone: 'danger',
  },
};
