import { describe, expect, it } from 'vitest';
import { draftErrors, newExercise, newPlan } from './plan-draft';

describe('the plan draft', () => {
  it('names the missing fields of a new plan and of a new exercise', () => {
    const plan = newPlan();
    const errors = draftErrors({ ...plan, exercises: [newExercise(plan)] });
    expect(errors.get('name')).toBe('required');
    expect(errors.get('exercises.0.name')).toBe('required');
    expect(errors.get('exercises.0.category')).toBe('required');
  });

  it('accepts a complete plan and refuses backwards periods and empty numbers', () => {
    const plan = { ...newPlan(), name: 'Piano' };
    const exercise = { ...newExercise(plan), name: 'Esercizio', category: 'GAIT' };
    expect(draftErrors({ ...plan, exercises: [exercise] }).size).toBe(0);
    const backwards = draftErrors({
      ...plan,
      planningValidityStopDate: '2000-01-01',
      exercises: [{ ...exercise, endDate: '2000-01-01', seriesNumber: Number.NaN }],
    });
    expect(backwards.get('planningValidityStopDate')).toBe('invalidPeriod');
    expect(backwards.get('exercises.0.endDate')).toBe('invalidPeriod');
    expect(backwards.get('exercises.0.seriesNumber')).toBe('required');
  });

  it('refuses a monitoring index whose minimum is not below its maximum', () => {
    const plan = { ...newPlan(), name: 'Piano' };
    const exercise = {
      ...newExercise(plan),
      name: 'Esercizio',
      category: 'GAIT',
      monitoringIndices: [{ index: 'HR', min: 120, max: 60 }],
    };
    expect(draftErrors({ ...plan, exercises: [exercise] }).get('exercises.0.monitoringIndices.0')).toBe(
      'outOfRange',
    );
  });
});
