import { z } from 'zod';
import { ZRole } from './roles';

export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZRole,
  profileImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  permissions: z.array(z.string()),
});
export type User = z.infer<typeof ZUser>;
