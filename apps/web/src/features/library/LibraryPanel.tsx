import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { Msg, type LibraryFile, type LibraryTab } from '@ai-covers/contracts';
import { useNoticeStore } from '../../shared/api/notice-store';
import { formatDuration, formatServerDate, formatSize } from '../../shared/format/format';
import { startBrowserDownload } from '../../shared/download/browser-download';
import { ui } from '../../shared/ui/PageIntro';
import { DeleteDialog, RenameDialog } from './FileDialogs';
import {
  exportFile,
  useDeleteFiles,
  useInvalidateLibrary,
  useLibraryFiles,
  useRenameFile,
  type LibraryFilter,
} from './library-api';
import { errorNotice, errorText } from '../../shared/api/error-messages';
import { UploadControl } from './UploadControl';
import styles from './Library.module.css';

const TABS: LibraryTab[] = ['all', 'audio', 'image', 'video'];
const PAGE_SIZE = 20;

/** The cloud file library of the account center (§2): tabs, date filter, rename, delete, export, pages. */
/** `canUpload` false (signed out): files are listed, but new ones are added after signing in. */
export function LibraryPanel({ canUpload = true }: { canUpload?: boolean }) {
  const { t } = useTranslation();
  const notify = useNoticeStore((s) => s.show);
  const [filter, setFilter] = useState<LibraryFilter>({
    type: 'all',
    start: '',
    end: '',
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const files = useLibraryFiles(filter);
  const rename = useRenameFile();
  const remove = useDeleteFiles();
  const refresh = useInvalidateLibrary();
  const [renaming, setRenaming] = useState<LibraryFile | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<LibraryFile | null>(null);

  const data = files.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const update = (patch: Partial<LibraryFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));

  const handleRename = (name: string) => {
    if (!renaming) return;
    setRenameError(null);
    rename.mutate(
      { id: renaming.id, name },
      {
        onSuccess: () => {
          setRenaming(null);
          notify('library.actionOk', Msg.actionOk);
        },
        onError: (error) => setRenameError(errorText(t, error, 'library.actionFailed')),
      },
    );
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate([deleting.id], {
      onSuccess: () => notify('library.deleteOk', Msg.deleteOk),
      onError: () => notify('library.deleteFailed', Msg.deleteFailed),
      onSettled: () => setDeleting(null),
    });
  };

  const handleExport = async (file: LibraryFile) => {
    try {
      const { url, name } = await exportFile(file.id);
      startBrowserDownload(url, name);
    } catch (error) {
      // §8 'Action failed' for a file action that failed for an unknown reason.
      const { key, text } = errorNotice(error, 'library.actionFailed', Msg.actionFailed);
      notify(key, text);
    }
  };

  return (
    <section className={styles.library} aria-labelledby="library-title">
      <div className={styles.header}>
        <h2 id="library-title" className={styles.heading}>
          {t('library.title')}
        </h2>
        {canUpload ? <UploadControl onDone={() => void refresh()} /> : null}
      </div>

      <Tabs.Root value={filter.type} onValueChange={(value) => update({ type: value as LibraryTab })}>
        <div className={styles.toolbar}>
          <Tabs.List className={styles.tabs} aria-label={t('library.tabsLabel')}>
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className={styles.tab}>
                {t(`library.tabs.${tab}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className={styles.dates}>
            <label className={styles.dateField}>
              <span>{t('library.from')}</span>
              <input
                type="date"
                value={filter.start}
                max={filter.end || undefined}
                onChange={(e) => update({ start: e.target.value })}
              />
            </label>
            <label className={styles.dateField}>
              <span>{t('library.to')}</span>
              <input
                type="date"
                value={filter.end}
                min={filter.start || undefined}
                onChange={(e) => update({ end: e.target.value })}
              />
            </label>
            {filter.start || filter.end ? (
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                onClick={() => update({ start: '', end: '' })}
              >
                {t('library.clearDates')}
              </button>
            ) : null}
          </div>
        </div>

        <Tabs.Content value={filter.type} className={styles.panel}>
          {files.isPending ? <p className={styles.muted}>{t('common.loading')}</p> : null}
          {files.isError ? (
            <p className={styles.error} role="alert">
              {errorText(t, files.error, 'errors.generic')}
            </p>
          ) : null}
          {data && data.rows.length === 0 ? <p className={styles.muted}>{t('library.empty')}</p> : null}
          {data && data.rows.length > 0 ? (
            <ul className={styles.rows} aria-busy={files.isFetching}>
              {data.rows.map((file) => (
                <li key={file.id} className={styles.row} data-testid="library-file">
                  {file.thumb_url ? (
                    <img
                      className={styles.thumb}
                      src={file.thumb_url}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                    />
                  ) : (
                    <span className={styles.type} data-type={file.type}>
                      {t(`library.types.${file.type}`)}
                    </span>
                  )}
                  <span className={styles.name} title={file.name}>
                    {file.name}
                  </span>
                  <span className={`${styles.meta} ${styles.size}`}>
                    {formatSize(file.size)}
                    {file.duration !== null ? ` · ${formatDuration(file.duration)}` : ''}
                    {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
                  </span>
                  <span className={`${styles.meta} ${styles.date}`}>
                    {formatServerDate(file.created_at)}
                    {file.expire_at
                      ? ` · ${t('library.expires', { date: formatServerDate(file.expire_at) })}`
                      : ''}
                  </span>
                  <span className={styles.actions}>
                    {file.can_rename ? (
                      <button
                        type="button"
                        className={styles.action}
                        aria-label={t('library.renameFile', { name: file.name })}
                        onClick={() => {
                          setRenameError(null);
                          setRenaming(file);
                        }}
                      >
                        {t('library.rename')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className={styles.action}
                      aria-label={t('library.exportFile', { name: file.name })}
                      onClick={() => void handleExport(file)}
                    >
                      {t('library.export')}
                    </button>
                    <button
                      type="button"
                      className={`${styles.action} ${styles.dangerText}`}
                      aria-label={t('library.deleteFile', { name: file.name })}
                      onClick={() => setDeleting(file)}
                    >
                      {t('library.delete')}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {data && data.total > data.page_size ? (
            <nav className={styles.pager} aria-label={t('library.pagination')}>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                disabled={filter.page <= 1}
                onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
              >
                {t('library.previous')}
              </button>
              <span>{t('library.pageOf', { page: filter.page, pages })}</span>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                disabled={filter.page >= pages}
                onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
              >
                {t('library.next')}
              </button>
            </nav>
          ) : null}
        </Tabs.Content>
      </Tabs.Root>

      <RenameDialog
        file={renaming}
        error={renameError}
        busy={rename.isPending}
        onSubmit={handleRename}
        onClose={() => setRenaming(null)}
      />
      <DeleteDialog
        file={deleting}
        busy={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
