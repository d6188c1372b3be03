import { VERSION_FILE_PATH, VERSION_POLL_INTERVAL_MS } from '@kelvin/domain';

export interface VersionInfo {
  version: string;
  build?: string;
}

/** The version file's fields, checked by hand: zod stays out of the first screen's scripts. */
export function parseVersionInfo(value: unknown): VersionInfo {
  if (
    typeof value !== 'object' ||
    value === null ||
    !('version' in value) ||
    typeof value.version !== 'string'
  )
    throw new Error(`${VERSION_FILE_PATH} has no version`);
  const build = 'build' in value ? value.build : undefined;
  if (build !== undefined && typeof build !== 'string')
    throw new Error(`${VERSION_FILE_PATH} has a bad build`);
  return build === undefined ? { version: value.version } : { version: value.version, build };
}

/** Reads the version file the build writes (not an API call: it is a static asset next to the bundle). */
export async function fetchVersionInfo(): Promise<VersionInfo> {
  const response = await fetch(VERSION_FILE_PATH, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} ${VERSION_FILE_PATH}`);
  return parseVersionInfo(await response.json());
}

function versionKey(info: VersionInfo): string {
  return `${info.version}+${info.build ?? ''}`;
}

/**
 * Spec: every 60 s the version file is read; a change after the first read means a new version is out.
 * Failures are ignored silently. Returns the stop function.
 */
export function watchVersion(
  onNewVersion: (info: VersionInfo) => void,
  fetchVersion: () => Promise<VersionInfo> = fetchVersionInfo,
): () => void {
  let known: string | undefined;
  let stopped = false;

  async function read(): Promise<void> {
    try {
      const info = await fetchVersion();
      if (stopped) return;
      const key = versionKey(info);
      if (known !== undefined && key !== known) onNewVersion(info);
      known = key;
    } catch {
      // Spec: failures are ignored silently; the next poll tries again.
    }
  }

  void read();
  const timer = setInterval(() => void read(), VERSION_POLL_INTERVAL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
