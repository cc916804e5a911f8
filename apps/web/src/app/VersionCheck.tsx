import { VERSION_CHECK_MS, versionResponse } from '@lexdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getStoredVersion, setStoredVersion } from './session/storage.ts';

async function fetchHash(): Promise<string | null> {
  const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) return null;
  const parsed = versionResponse.safeParse(await response.json());
  return parsed.success ? parsed.data.hash : null;
}

async function clearCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * Spec 01 §4: every 30 s compare the build hash with the one this page started with; after a deploy
 * clear caches and reload. The first answer after load records the hash (this page is current) and
 * stores it with the session values.
 */
export function VersionCheck() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    // The hash of the build this page runs; other tabs may already run a newer one.
    let pageHash: string | null = null;
    const check = async () => {
      try {
        const hash = await fetchHash();
        if (!hash || stopped) return;
        if (pageHash === null) {
          pageHash = hash;
          if (getStoredVersion() !== hash) setStoredVersion(hash);
          return;
        }
        if (pageHash !== hash) {
          stopped = true;
          setStoredVersion(hash);
          queryClient.clear();
          await clearCaches();
          window.location.reload();
        }
      } catch (error) {
        console.warn('Version check failed', error);
      }
    };
    void check();
    const timer = setInterval(() => void check(), VERSION_CHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [queryClient]);
  return null;
}
