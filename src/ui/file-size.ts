/** A file's size as people read it, in their language's digits: `12,4 MB`, `850 KB`, `1,2 GB`. */
export function formatSize(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1024)
    return `${(megabytes / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} GB`;
  if (megabytes >= 0.1) return `${megabytes.toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(locale)} KB`;
}
