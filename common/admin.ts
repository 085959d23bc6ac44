import { z } from 'zod';
import { emailField, ACCOUNT_LIMITS } from './accounts';
import { membershipSchema } from './organizations';
import { searchTextSchema } from './pagination';
import { userTypeSchema } from './user';

export const adminUserRowSchema = z.object({
  uuid: z.string(),
  username: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: userTypeSchema,
  validated: z.boolean(),
  createdOn: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListQuerySchema = z.object({
  search: searchTextSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const adminUserListSchema = z.object({
  success: z.literal(true),
  users: z.array(adminUserRowSchema),
  total: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserDetailSchema = z.object({
  success: z.literal(true),
  user: adminUserRowSchema.extend({ publicizeName: z.boolean() }),
  organizations: z.array(
    z.object({ uuid: z.string(), name: z.string(), membership: membershipSchema }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** What a site admin may change on another account; `type` only on others. */
export const adminUserUpdateSchema = z
  .object({
    firstname: z.string().trim().min(1, 'Required').max(ACCOUNT_LIMITS.nameMax),
    lastname: z.string().trim().min(1, 'Required').max(ACCOUNT_LIMITS.nameMax),
    email: emailField,
    publicizeName: z.boolean(),
    type: userTypeSchema,
  })
  .strict();
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;
