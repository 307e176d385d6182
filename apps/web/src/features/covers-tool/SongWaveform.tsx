import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Waveform } from './Waveform';

/** The waveform of the song the visitor picked, drawn from the file in the browser. */
export function SongWaveform({ file }: { file: File }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // jsdom and old browsers have no object URLs: then there is no waveform, nothing else changes.
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? (
    <Waveform url={url} media={null} label={t('coversTool.waveform.song', { name: file.name })} />
  ) : null;
}
