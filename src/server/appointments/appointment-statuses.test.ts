import { describe, expect, it } from 'vitest';
import { appointmentStatus } from '../../../db/schema/index';
import { appointmentStatuses } from '../../shared/appointment-schema';

describe('appointment statuses', () => {
  it('are the same list in the database enum and in the shared schema', () => {
    expect(appointmentStatus.enumValues).toEqual([...appointmentStatuses]);
  });
});
