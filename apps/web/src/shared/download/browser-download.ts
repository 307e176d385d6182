/** Starts the browser's download of `url`, saved as `name`, through a temporary `<a download>`. */
export function startBrowserDownload(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
