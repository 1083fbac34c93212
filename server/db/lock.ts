import fs from 'node:fs';
import path from 'node:path';

export class DataDirectoryLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Embedded PGlite must have one process per data directory: two would corrupt it. The lock
 * is a file holding the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'fabops.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirectoryLockedError(
          `The data directory ${dataDir} is in use by another FabOps process (pid ${owner}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirectoryLockedError(`Could not lock the data directory ${dataDir}.`);
}
