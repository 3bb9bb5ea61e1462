// Where `pnpm bahi login` keeps a member's tokens: $XDG_CONFIG_HOME/bahi/credentials.json (else
// ~/.config/bahi/), readable by the user alone. The tokens are never printed or logged.
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

export interface StoredCredentials {
  /** The server the tokens belong to. */
  readonly server: string;
  readonly client_id: string;
  readonly access_token: string;
  readonly refresh_token: string;
  /** RFC 3339: when the access token stops working. */
  readonly expires_at: string;
  readonly scope: string;
}

export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "bahi", "credentials.json");
}

export async function readCredentials(path: string): Promise<StoredCredentials | null> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as StoredCredentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Written beside, then renamed over: a crash never leaves half a file, nor one others may read. */
export async function writeCredentials(path: string, credentials: StoredCredentials): Promise<void> {
  const dir = join(path, "..");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

export async function deleteCredentials(path: string): Promise<void> {
  await rm(path, { force: true });
}
