/**
 * What both engines do once their schema is current, inside their setup lock: decide the demo
 * shop's admin token. The token file is written after the lock is released, by the one process
 * that seeded (or migrated a plain-text token).
 */
import { parseAdminToken } from '../config.ts';
import { generateAdminToken, hashAdminToken, readAdminTokenFile, removeAdminTokenFile, writeAdminTokenFile } from './adminTokens.ts';

/** What setup decided about the admin-token file. */
export interface SetupResult {
  /** A token to write to `${dataDir}/admin-token` (generated now, or a legacy plain-text one). */
  tokenToSave: string | null;
  /** A configured token replaced the stored hash: a stale token file must go. */
  configured: boolean;
  /** The legacy plain-text token read before migration, if the file does not hold it yet. */
  legacyToken: string | null;
}

/**
 * The demo shop's admin token (VITRINE_ADMIN_TOKEN, ≥ 32 characters). When configured, its hash
 * replaces the stored one on every start. When not, a freshly seeded demo shop gets a random
 * token whose hash is stored and which goes to `${dataDir}/admin-token` (mode 0600).
 */
export function applyDemoAdminToken(
  adminToken: string | null,
  seeded: boolean,
  legacyToken: string | null,
  setHash: (hash: string) => unknown,
): SetupResult {
  const configured = adminToken ? parseAdminToken(adminToken, 'adminToken') : null;
  if (configured) {
    setHash(hashAdminToken(configured));
    return { tokenToSave: null, configured: true, legacyToken: null };
  }
  if (seeded) {
    const token = generateAdminToken();
    setHash(hashAdminToken(token));
    return { tokenToSave: token, configured: false, legacyToken: null };
  }
  return { tokenToSave: null, configured: false, legacyToken };
}

/** After the setup transaction: write or remove the token file as decided. */
export function finishAdminTokenFile(dataDir: string, result: SetupResult): void {
  if (result.tokenToSave) writeAdminTokenFile(dataDir, result.tokenToSave);
  else if (result.legacyToken && readAdminTokenFile(dataDir) === undefined) writeAdminTokenFile(dataDir, result.legacyToken);
  else if (result.configured) removeAdminTokenFile(dataDir); // a generated token there no longer works
}
