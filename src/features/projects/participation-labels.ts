import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Participation } from '../../contract/projects';

/** Spec 4 "Project participation": participating, not participating, invited. */
export const PARTICIPATION_LOOK: Readonly<
  Record<Participation, { label: MessageDescriptor; tone: 'success' | 'warning' | 'medium' }>
> = {
  participating: { label: msg`Partecipa`, tone: 'success' },
  invited: { label: msg`Invitato`, tone: 'warning' },
  'not-participating': { label: msg`Non partecipa`, tone: 'medium' },
};
