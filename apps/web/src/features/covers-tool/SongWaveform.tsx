import { useTranslation } from 'react-i18next';
import { Waveform } from './Waveform';

/** The waveform of the song the visitor picked, drawn from the file in the browser. */
export function SongWaveform({ file }: { file: File }) {
  const { t } = useTranslation();
  return <Waveform url={file} media={null} label={t('coversTool.waveform.song', { name: file.name })} />;
}
