import Bowser from 'bowser';

/** A browser as the device list names it: with versions for people, without for recognising it again. */
export interface DescribedAgent {
  /** "Chrome 131"; empty when the User-Agent says nothing readable. */
  browser: string;
  /** "Android 14", "iOS 17.5", "Windows 10"; empty when unknown. */
  system: string;
  /** "Chrome", "Android": what stays the same across updates (the new-device notice compares these). */
  browserName: string;
  systemName: string;
}

const MAX_AGENT_LENGTH = 512;

const major = (version: string | undefined): string => (version ? (version.split('.')[0] ?? '') : '');

/** Parsed on the server only (the client never ships the parser); a header of any shape is safe here. */
export function describeAgent(userAgent: string | null | undefined): DescribedAgent {
  const agent = (userAgent ?? '').slice(0, MAX_AGENT_LENGTH).trim();
  if (!agent) return { browser: '', system: '', browserName: '', systemName: '' };
  const parsed = Bowser.parse(agent);
  const browserName = parsed.browser.name ?? '';
  const systemName = parsed.os.name ?? '';
  const systemVersion =
    systemName === 'iOS' || systemName === 'Android'
      ? (parsed.os.version ?? '').split('.').slice(0, 2).join('.')
      : (parsed.os.versionName ?? major(parsed.os.version));
  return {
    browser: [browserName, major(parsed.browser.version)].filter(Boolean).join(' '),
    system: [systemName, systemVersion].filter(Boolean).join(' '),
    browserName,
    systemName,
  };
}
