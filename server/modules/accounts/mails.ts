import type { MailMessage } from '../mail/mailer';

const signature = '\n\n— xAPI Profile Server';

export function validationMail(to: string, code: string, siteUrl: string): MailMessage {
  return {
    to,
    subject: 'Validate your xAPI Profile Server account',
    text:
      `Welcome to the xAPI Profile Server.\n\n` +
      `Your validation code: ${code}\n\n` +
      `Enter it at ${siteUrl}/user/validate within 24 hours to activate your account. ` +
      `If you did not create an account, ignore this mail.` +
      signature,
  };
}

export function alreadyRegisteredMail(to: string, siteUrl: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to create an account with your e-mail address',
    text:
      `Someone, perhaps you, tried to create a new xAPI Profile Server account with this e-mail address, ` +
      `which already has an account.\n\n` +
      `Sign in at ${siteUrl}/user/login, or set a new password at ${siteUrl}/user/forgotpassword. ` +
      `If it was not you, you can ignore this mail; your account is unchanged.` +
      signature,
  };
}

export function resetMail(to: string, key: string, siteUrl: string): MailMessage {
  return {
    to,
    subject: 'Reset your xAPI Profile Server password',
    text:
      `A password reset was requested for your account.\n\n` +
      `Choose a new password here within one hour:\n${siteUrl}/user/resetpassword?key=${encodeURIComponent(key)}\n\n` +
      `The link works once. If you did not ask for it, ignore this mail; your password is unchanged.` +
      signature,
  };
}

export function emailChangeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new e-mail address',
    text:
      `Your xAPI Profile Server account asked to use this e-mail address.\n\n` +
      `Your confirmation code: ${code}\n\n` +
      `Enter it on your My Account page within 24 hours. If you did not ask for this, ignore this mail.` +
      signature,
  };
}

export function emailTakenMail(to: string): MailMessage {
  return {
    to,
    subject: 'Your e-mail address is already in use',
    text:
      `Someone asked to move an xAPI Profile Server account to this e-mail address, ` +
      `but it already belongs to an account. Nothing was changed.` +
      signature,
  };
}
