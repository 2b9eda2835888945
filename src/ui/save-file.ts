/**
 * Hands a file to the browser's downloads: a Blob URL on a temporary link, clicked (no new window, which
 * pop-up blockers stop), and released a minute later, once the browser has read it.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Has the browser download `url` itself (a same-origin address whose reply says the file's name): the
 * file goes from the network to the disk, never through the page's memory, however large it is.
 */
export function saveFromUrl(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
