/**
 * Passwords that appear at the top of every leaked-password list. Refusing them stops the
 * guesses an attacker tries first; length does the rest.
 */
const COMMON_PASSWORDS = [
  '12345678', '123456789', '1234567890', '0123456789', '87654321', '11111111', '00000000',
  '12341234', '11223344', '12121212', '88888888', '99999999', '55555555', '66666666', '77777777',
  '22222222', '33333333', '44444444', '123123123', '147258369', '987654321', '1q2w3e4r',
  '1q2w3e4r5t', 'q1w2e3r4', 'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwerty1234',
  'asdfghjk', 'asdfghjkl', 'zxcvbnm1', 'zxcvbnm123', '1qaz2wsx', '1qaz2wsx3edc', 'qazwsxedc',
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd',
  'p@ssword', 'pa55word', 'passpass', 'passwort', 'motdepasse', 'contraseña', 'iloveyou',
  'iloveyou1', 'sunshine', 'sunshine1', 'princess', 'princess1', 'football', 'football1',
  'baseball', 'baseball1', 'basketball', 'superman', 'batman123', 'starwars', 'whatever',
  'trustno1', 'letmein1', 'letmein123', 'welcome1', 'welcome123', 'welcome!', 'changeme',
  'changeme1', 'computer', 'internet', 'dragon123', 'monkey123', 'master123', 'michael1',
  'jennifer', 'jordan23', 'charlie1', 'liverpool', 'chelsea1', 'arsenal1', 'abcd1234',
  'abc12345', 'abcdefgh', 'aaaaaaaa', 'administrator', 'admin123', 'admin1234', 'adminadmin',
  'rootroot', 'test1234', 'testtest', 'test12345', 'secret123', 'default1', 'guest123',
  'loveyou1', 'lovely12', 'freedom1', 'shadow12', 'mustang1', 'killer12', 'hello123',
  'helloworld', 'summer2024', 'summer2025', 'summer2026', 'winter2025', 'winter2026',
  'spring2026', 'autumn2026', 'january1', 'qwerasdf', 'asdf1234', 'zaq12wsx', 'azertyuiop',
  'azerty123', 'mypassword', 'newpassword', 'xapiprofile', 'xapiprofiles',
];

const commonSet = new Set(COMMON_PASSWORDS);

export function isCommonPassword(password: string): boolean {
  return commonSet.has(password.toLowerCase());
}
