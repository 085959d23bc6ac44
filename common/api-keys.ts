import { z } from 'zod';

export const CHECK_AT_LEAST_ONE = 'Check at least one.';

export const apiKeyInputSchema = z
  .object({
    description: z
      .string({ error: 'Required' })
      .trim()
      .min(1, 'Required')
      .max(200, 'Description must be at most 200 characters.'),
    readPermission: z.boolean(),
    writePermission: z.boolean(),
    isEnabled: z.boolean().default(true),
  })
  .strict()
  .refine((v) => v.readPermission || v.writePermission, {
    message: CHECK_AT_LEAST_ONE,
    path: ['readPermission'],
  });
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** Creating a key: the browser generates the key (a UUID) and sends it this once. */
export const apiKeyCreateSchema = z
  .object({
    uuid: z.uuid('The key must be a UUID.'),
    description: z
      .string({ error: 'Required' })
      .trim()
      .min(1, 'Required')
      .max(200, 'Description must be at most 200 characters.'),
    readPermission: z.boolean(),
    writePermission: z.boolean(),
    isEnabled: z.boolean().default(true),
  })
  .strict()
  .refine((v) => v.readPermission || v.writePermission, {
    message: CHECK_AT_LEAST_ONE,
    path: ['readPermission'],
  });
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  /** The key's own id (not the secret). */
  id: z.string(),
  /** The last four characters of the key; the full key is never shown again. */
  lastFour: z.string(),
  description: z.string(),
  readPermission: z.boolean(),
  writePermission: z.boolean(),
  isEnabled: z.boolean(),
  createdOn: z.string(),
  createdBy: z.string().nullable(),
  lastUsedOn: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  success: z.literal(true),
  apiKeys: z.array(apiKeySchema),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
export const apiKeyResponseSchema = z.object({ success: z.literal(true), apiKey: apiKeySchema });
export type ApiKeyResponse = z.infer<typeof apiKeyResponseSchema>;
