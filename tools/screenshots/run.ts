/**
 * `npm run screenshots -- [set] [baseUrl] [more…]`: the portal at phone (390×844) and tablet (820×1180) sizes,
 * into test-results/. Sets: `roles` (the default: each demo role's screens), `guests`, `notify`, `requests`,
 * `uploads`. Each needs a running server with a fresh demo database; the arguments after the set are the set's own.
 */
import process from 'node:process';

const sets: Record<string, () => Promise<unknown>> = {
  roles: () => import('./roles'),
  guests: () => import('./guests'),
  notify: () => import('./notify'),
  requests: () => import('./requests'),
  uploads: () => import('./uploads'),
};

// The set's own script reads process.argv[2] on: take the set's name out first.
const [setName = 'roles'] = process.argv.splice(2, 1);
const run = sets[setName];
if (!run) {
  console.error(`usage: npm run screenshots -- [${Object.keys(sets).join('|')}] [baseUrl] …`);
  process.exit(2);
}
await run();
