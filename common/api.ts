import { z } from 'zod';

/** `{success: true}` answers with nothing else to say. */
export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;
