import { useEffect, useMemo } from 'react';
import { Image, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../data/api';
import { useOnline } from '../data/online';

/** A picture's object URL while the screen shows it, let go when it changes or the screen closes. */
function useObjectUrl(data: Blob | undefined): string | null {
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

const THUMBNAIL = { maxH: '32', maxW: '48', objectFit: 'contain', borderWidth: '1px', rounded: 'md' } as const;

/**
 * A picture the file store keeps (`/files/{id}/content/`, as an item's image_path names it): read
 * with the session's token, so an <img> cannot fetch it itself. Offline it says the picture needs
 * a connection rather than showing a broken image.
 */
export function StoredImage({ path, alt }: { path: string; alt: string }) {
  const online = useOnline();
  const image = useQuery({ queryKey: ['stored-file', path], queryFn: async () => (await api.get<Blob>(path, { responseType: 'blob' })).data, enabled: online, staleTime: Infinity });
  const url = useObjectUrl(image.data);
  if (url) return <Image src={url} alt={alt} {...THUMBNAIL} />;
  if (!online && !image.data) return <Text color="fg.muted">{`${alt}: shown when online.`}</Text>;
  if (image.isError) return <Text color="fg.muted">{`${alt} could not be loaded.`}</Text>;
  return null;
}

/** A picture chosen on the device and not yet saved. */
export function ChosenImage({ file, alt }: { file: File; alt: string }) {
  const url = useObjectUrl(file);
  return url ? <Image src={url} alt={alt} {...THUMBNAIL} /> : null;
}
