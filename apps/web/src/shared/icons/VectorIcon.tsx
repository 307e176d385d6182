import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchVectorIcon, svgDataUrl } from './vector-icon';

/**
 * An icon that comes by URL (a voice's avatar): fetched once per URL, shown as an image; while it
 * loads, and when the fetch gives nothing (a 404, a network error), the fallback stands in rather
 * than a broken image.
 */
export function VectorIcon({
  url,
  className,
  fallback,
}: {
  url: string | null | undefined;
  className?: string;
  fallback: ReactNode;
}) {
  const icon = useQuery({
    queryKey: ['vector-icon', url],
    queryFn: ({ signal }) => fetchVectorIcon(url ?? '', { signal }),
    enabled: Boolean(url),
    staleTime: Infinity,
  });
  if (!icon.data) return <>{fallback}</>;
  return <img className={className} src={svgDataUrl(icon.data)} alt="" />;
}

/** A voice's avatar by URL, with the voice's initial standing in until (or unless) it loads. */
export function VoiceAvatar({
  url,
  name,
  className,
}: {
  url: string | null | undefined;
  name: string;
  className?: string;
}) {
  return (
    <VectorIcon
      url={url}
      className={className}
      fallback={
        <span className={className} aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      }
    />
  );
}
