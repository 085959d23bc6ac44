import { z } from 'zod';

export const userTypeSchema = z.enum(['user', 'admin']);
export type UserType = z.infer<typeof userTypeSchema>;

/** The signed-in user as the web app sees themself. */
export const sessionUserSchema = z.object({
  uuid: z.string(),
  username: z.string().nullable(),
  usernameChosen: z.boolean(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  email: z.string(),
  publicizeName: z.boolean(),
  type: userTypeSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const userStatusSchema = z.object({
  loggedIn: z.boolean(),
  user: sessionUserSchema.nullable(),
});
export type UserStatus = z.infer<typeof userStatusSchema>;
