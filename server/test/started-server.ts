import { createServer } from 'node:net';

/** Secrets for a real server a test starts as a child process (never used anywhere else). */
export const startUpSecrets = {
  SESSION_SECRET: 'session-secret-for-start-up-tests-only',
  SALT_SECRET: 'salt-secret-for-start-up-tests-only-xx',
  ALTCHA_HMAC_KEY: 'altcha-secret-for-start-up-tests-only-',
};

/** A loopback port nothing listens on now, for a server a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
