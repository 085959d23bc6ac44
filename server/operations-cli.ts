/** `npm run backup|restore|move -- …`: the operator's commands of `operations.ts`. */
import { main } from './operations';

process.exitCode = await main(process.argv.slice(2));
