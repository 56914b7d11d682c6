import { z } from 'zod';
import { issueMessage } from './i18n/sentence';
import { zInstant } from './wire-formats';

const NOTES_MESSAGE = issueMessage('Notes must be at most {max} characters', { max: '2000' });

// docs/employee-applications.md: the same rules and words on the form and on the server.
const text = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, issueMessage('At most {max} characters, please', { max: String(max) }));

export const ZEmployeeApplicationInput = z.object({
  firstName: text(2, 100, 'First name must be at least 2 characters'),
  lastName: text(2, 100, 'Last name must be at least 2 characters'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(320, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  phone: text(10, 40, 'Please enter a valid phone number'),
  bio: text(20, 5000, 'Please provide at least 20 characters about yourself'),
  experience: text(10, 5000, 'Please describe your experience'),
  specialties: text(5, 2000, 'Please list your specialties'),
});
export type EmployeeApplicationInput = z.infer<typeof ZEmployeeApplicationInput>;

const applicationStatuses = ['pending', 'approved', 'rejected'] as const;

export const ZEmployeeApplication = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  bio: z.string(),
  experience: z.string(),
  specialties: z.string(),
  status: z.enum(applicationStatuses),
  createdAt: zInstant(),
  reviewedAt: zInstant().nullable(),
  reviewNotes: z.string().nullable(),
});
z.globalRegistry.add(ZEmployeeApplication, {
  id: 'EmployeeApplication',
  description: "Someone's application to join the team",
});
export type EmployeeApplication = z.infer<typeof ZEmployeeApplication>;

export const ZApproveApplicationInput = z.object({
  id: z.string(),
  notes: z.string().trim().max(2000, NOTES_MESSAGE).nullish(),
});

export const ZRejectApplicationInput = z.object({
  id: z.string(),
  notes: z
    .string({ error: 'Please give a reason for rejecting this application' })
    .trim()
    .min(1, 'Please give a reason for rejecting this application')
    .max(2000, NOTES_MESSAGE),
});

/** The review dialogs' forms: the notes of an approval or a rejection. */
export const ZApproveApplicationForm = ZApproveApplicationInput.pick({ notes: true });
export const ZRejectApplicationForm = ZRejectApplicationInput.pick({ notes: true });
