/** See compiled-cli.js. */
export function compiledCli(options?: {
  root?: string;
  entry?: string;
  cacheDir?: string;
}): Promise<string | undefined>;
