import { describe, expect, it } from 'vitest';
import { noObscuring } from '../../contract/documents';
import { changesOf, flowIdOf } from './selection';
import { proposedChoice } from './viewers';

const hiddenFromAll = { ...noObscuring, general: true };

describe('obscuring choice', () => {
  it('asks only for ticked documents whose viewers change, by id', () => {
    const changes = changesOf({
      patientId: 7,
      documents: {
        12: { title: 'B', current: noObscuring, next: hiddenFromAll },
        3: { title: 'A', current: hiddenFromAll, next: noObscuring },
        5: { title: 'Same', current: hiddenFromAll, next: hiddenFromAll },
      },
    });
    expect(changes).toEqual([
      { documentId: 3, obscuringInfo: noObscuring },
      { documentId: 12, obscuringInfo: hiddenFromAll },
    ]);
    expect(changesOf(null)).toEqual([]);
  });

  it('names the signing flow after the exact request, whatever the key order', () => {
    const shuffled = {
      son: true,
      general: false,
      specialist: false,
      operator: false,
      mate: false,
      parent: false,
      otherFamily: false,
      other: false,
    };
    expect(flowIdOf(7, [{ documentId: 3, obscuringInfo: { ...noObscuring, son: true } }])).toBe(
      flowIdOf(7, [{ documentId: 3, obscuringInfo: shuffled }]),
    );
    expect(flowIdOf(7, [{ documentId: 3, obscuringInfo: noObscuring }])).not.toBe(
      flowIdOf(7, [{ documentId: 3, obscuringInfo: hiddenFromAll }]),
    );
  });

  it('proposes hiding a visible document from all staff, and showing a hidden one to everyone', () => {
    expect(proposedChoice(noObscuring)).toEqual(hiddenFromAll);
    expect(proposedChoice({ ...noObscuring, son: true })).toEqual(noObscuring);
  });
});
