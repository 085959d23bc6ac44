import { z } from 'zod';
import { isCommonPassword } from './passwords';
import { sessionUserSchema } from './user';

/** Limits every account field is held to, on the form and on the server alike. */
export const ACCOUNT_LIMITS = {
  usernameMin: 4,
  usernameMax: 24,
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  captchaMax: 20_000,
  tokenMax: 200,
} as const;

export const REQUIRED = 'Required';
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** Letters and digits, with `-` or `_` allowed only between them. */
export const USERNAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;

const required = (max: number, what: string) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, `${what} must be at most ${max} characters.`);

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(ACCOUNT_LIMITS.emailMax, `E-mail must be at most ${ACCOUNT_LIMITS.emailMax} characters.`)
  .pipe(z.email('Enter a valid e-mail address.'));

export const usernameField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .min(
    ACCOUNT_LIMITS.usernameMin,
    `Username must be at least ${ACCOUNT_LIMITS.usernameMin} characters.`,
  )
  .max(
    ACCOUNT_LIMITS.usernameMax,
    `Username must be at most ${ACCOUNT_LIMITS.usernameMax} characters.`,
  )
  .regex(
    USERNAME_PATTERN,
    'Username may contain letters and digits, with - or _ only between them.',
  );

export const newPasswordField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(
    ACCOUNT_LIMITS.passwordMin,
    `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters.`,
  )
  .max(
    ACCOUNT_LIMITS.passwordMax,
    `Password must be at most ${ACCOUNT_LIMITS.passwordMax} characters.`,
  )
  .refine(
    (p) => !isCommonPassword(p),
    'This password is too common; choose one that is harder to guess.',
  );

/** A password as the person types it to prove who they are (sign-in, confirming a change). */
export const typedPasswordField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .max(
    ACCOUNT_LIMITS.passwordMax,
    `Password must be at most ${ACCOUNT_LIMITS.passwordMax} characters.`,
  );

const captchaField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .max(ACCOUNT_LIMITS.captchaMax, 'The captcha answer is malformed.');

const repeatedPassword = z.string({ error: REQUIRED }).min(1, REQUIRED);
const passwordsMatch = (v: { password: string; password2: string }) => v.password === v.password2;
const mismatch = { message: PASSWORDS_DONT_MATCH, path: ['password2'] };

// --- requests ---------------------------------------------------------------------------------

export const saltQuerySchema = z.object({ email: emailField });
export const saltResponseSchema = z.object({ success: z.literal(true), salt: z.string() });

/** `password` is the browser's PBKDF2 key in lowercase hex, never the typed password. */
export const loginRequestSchema = z.object({
  email: emailField,
  password: z
    .string({ error: REQUIRED })
    .regex(/^[0-9a-f]{32}$/, 'password must be the 32-character hex key the sign-in form derives.'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ success: z.literal(true), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const createAccountRequestSchema = z
  .object({
    username: usernameField,
    firstname: required(ACCOUNT_LIMITS.nameMax, 'First name'),
    lastname: required(ACCOUNT_LIMITS.nameMax, 'Last name'),
    email: emailField,
    password: newPasswordField,
    password2: repeatedPassword,
    captcha: captchaField,
  })
  .refine(passwordsMatch, mismatch);
export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;

export const validateRequestSchema = z.object({
  validationCode: required(ACCOUNT_LIMITS.tokenMax, 'Validation code'),
});
export type ValidateRequest = z.infer<typeof validateRequestSchema>;

export const emailWithCaptchaSchema = z.object({ email: emailField, captcha: captchaField });
export type EmailWithCaptcha = z.infer<typeof emailWithCaptchaSchema>;

export const usernameRequestSchema = z.object({ username: usernameField, captcha: captchaField });
export type UsernameRequest = z.infer<typeof usernameRequestSchema>;

/**
 * The account edit. `password`/`password2` are optional: both empty keeps the password. A changed
 * e-mail is only a request until its owner confirms the code mailed to it. Username and type are
 * not accepted here.
 */
export const updateAccountRequestSchema = z
  .object({
    firstname: required(ACCOUNT_LIMITS.nameMax, 'First name'),
    lastname: required(ACCOUNT_LIMITS.nameMax, 'Last name'),
    email: emailField,
    publicizeName: z.boolean(),
    password: z.string().max(ACCOUNT_LIMITS.passwordMax).optional(),
    password2: z.string().max(ACCOUNT_LIMITS.passwordMax).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const password = v.password ?? '';
    if (password === '' && (v.password2 ?? '') === '') return;
    const checked = newPasswordField.safeParse(password);
    if (!checked.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: checked.error.issues[0]?.message ?? REQUIRED,
      });
    }
    if (password !== (v.password2 ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['password2'], message: PASSWORDS_DONT_MATCH });
    }
  });
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

export const updateAccountResponseSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  /** Set when a new address waits for its confirmation code. */
  pendingEmail: z.string().nullable(),
});
export type UpdateAccountResponse = z.infer<typeof updateAccountResponseSchema>;

/** The current password is asked again: the stored hash is redone with the new address's salt. */
export const confirmEmailRequestSchema = z.object({
  code: required(ACCOUNT_LIMITS.tokenMax, 'Code'),
  password: typedPasswordField,
});

export const resetKeyQuerySchema = z.object({
  key: z.string().min(1, REQUIRED).max(ACCOUNT_LIMITS.tokenMax),
});
export const checkResetKeyResponseSchema = z.object({ success: z.boolean() });

export const resetPasswordRequestSchema = z
  .object({
    key: z.string({ error: REQUIRED }).min(1, REQUIRED).max(ACCOUNT_LIMITS.tokenMax),
    password: newPasswordField,
    password2: repeatedPassword,
  })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** An answer that carries a sentence for the person (e.g. after forgot or resend). */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

// --- fixed wording ----------------------------------------------------------------------------

export const FORGOT_PASSWORD_NOTICE =
  'If your email matches an account in our system, an email will be sent to you. Check your email for a link to reset your password.';
export const RESEND_NOTICE =
  'If your email matches an account that still needs validation, a new code will be sent to you. Check your email and enter the code.';
export const SIGNUP_NOTICE =
  'Thank you. We have sent a validation code to your e-mail address; enter it to activate your account.';
export const VALIDATION_FAILED = 'Validation unsuccessful.';
export const RESET_KEY_INVALID = 'The reset key you provided is no longer valid';
export const USERNAME_ALREADY_CHOSEN = 'Username Already Chosen';
