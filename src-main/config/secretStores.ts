/**
 * Where secrets live: credential stores in the user's home and the app's own files. Data only,
 * so the read policy (sandbox/) and the command rules (approval/) share one list.
 */

/** Credential stores, keyrings, histories and browser profiles in the user's home. */
export const HOME_SECRETS: readonly string[] = [
  // ssh, gpg, password stores, keyrings
  '.ssh',
  '.gnupg',
  '.password-store',
  '.local/share/keyrings',
  '.local/share/kwalletd',
  'Library/Keychains',
  // cloud and cluster CLIs
  '.aws',
  '.config/gcloud',
  '.azure',
  '.oci',
  '.config/doctl',
  'Library/Application Support/doctl',
  '.config/hcloud',
  '.kube',
  '.docker/config.json',
  '.terraform.d/credentials.tfrc.json',
  '.vault-token',
  '.boto',
  '.s3cfg',
  '.config/rclone/rclone.conf',
  '.modal.toml',
  '.config/op',
  // git and forges
  '.git-credentials',
  '.config/git/credentials',
  '.netrc',
  '.config/gh',
  '.config/hub',
  '.config/glab-cli',
  // package registries
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.gem/credentials',
  '.local/share/gem/credentials',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.m2/settings.xml',
  '.m2/settings-security.xml',
  '.gradle/gradle.properties',
  '.nuget/NuGet/NuGet.Config',
  '.config/NuGet/NuGet.Config',
  '.composer/auth.json',
  '.config/composer/auth.json',
  // databases
  '.pgpass',
  '.my.cnf',
  // shell and REPL histories
  '.bash_history',
  '.zsh_history',
  '.zhistory',
  '.sh_history',
  '.history',
  '.local/share/fish/fish_history',
  '.python_history',
  '.node_repl_history',
  '.psql_history',
  '.mysql_history',
  '.sqlite_history',
  '.irb_history',
  '.rediscli_history',
  // browser profiles
  '.mozilla',
  'snap/firefox',
  '.config/google-chrome',
  '.config/chromium',
  'snap/chromium',
  '.config/BraveSoftware',
  '.config/microsoft-edge',
  'Library/Application Support/Firefox',
  'Library/Application Support/Google/Chrome',
  'Library/Application Support/Chromium',
  'Library/Application Support/BraveSoftware',
  'Library/Application Support/Microsoft Edge',
  'Library/Cookies',
];

/**
 * Caduceus's own: stored keys, MCP tokens, the sessions database and the checkpoint store.
 * config.yaml is here too: it may hold MCP servers' `env` and `headers` and keys, and which of
 * its fields are secret cannot be told for sure (a token in `args`, a URL). Nothing a sandboxed
 * command runs needs it: the app reads it itself and hands MCP servers what they need.
 */
export const CADUCEUS_SECRETS: readonly string[] = [
  'config.yaml',
  'secrets.json',
  // An earlier desktop app's encrypted keys that could not be read at the move (electron/secrets.ts).
  'secrets-safe-storage.json',
  '.env',
  'mcp-credentials.json',
  'sessions.db',
  'sessions.db-wal',
  'sessions.db-shm',
  'sessions.db-journal',
  'checkpoints',
  'serve-token',
];
