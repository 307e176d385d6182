import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  HEADSHOT_LIMITS,
  type HeadshotGender,
  type HeadshotPhotosData,
  type HeadshotPlanId,
  type HeadshotPlansData,
} from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { errorText } from '../../shared/api/error-messages';
import { selectSignedIn, useAuthStore } from '../auth';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { BackdropMenu } from './BackdropMenu';
import { previewPhoto } from './backdrop-menu';
import { FreeRunActions } from './FreeRunActions';
import { PhotoUploader } from './PhotoUploader';
import { PlanPicker } from './PlanPicker';
import { StylePicker } from './StylePicker';
import { SubmitFailure } from './SubmitOutcome';
import {
  useHeadshotPhotos,
  useHeadshotPlans,
  useHeadshotStyles,
  useSubmitHeadshotPack,
} from './headshots-api';
import { headshotPaths, submitResultPath } from './paths';
import { useUploadChoices } from './upload-choices';
import { hasEnoughPhotos } from './upload-rules';
import styles from './Headshots.module.css';

const GENDERS: HeadshotGender[] = ['female', 'male', 'unspecified'];

/** Upload page (§2): photos, gender, style, plan, then submit. */
export function HeadshotsUploadPage() {
  const { t, i18n } = useTranslation();
  const signedIn = useAuthStore(selectSignedIn);
  const openLogin = useAuthStore((s) => s.openLogin);
  const plans = useHeadshotPlans(signedIn);
  const photos = useHeadshotPhotos(signedIn);
  const stylesQuery = useHeadshotStyles(i18n.language);
  const { choices, update, reset } = useUploadChoices();
  const langPath = useLangPath();

  if (!signedIn) {
    return (
      <section className={ui.card}>
        <h2 className={styles.cardTitle}>{t('headshots.upload.title')}</h2>
        <p>{t('headshots.upload.signIn')}</p>
        <button
          type="button"
          className={ui.button}
          onClick={() => openLogin?.()}
          data-testid="upload-sign-in"
        >
          {t('headshots.upload.signInButton')}
        </button>
      </section>
    );
  }
  if (plans.isPending || stylesQuery.isPending) return <p role="status">{t('common.loading')}</p>;
  if (plans.isError || stylesQuery.isError) {
    return (
      <p role="alert" className={styles.error}>
        {errorText(t, plans.error ?? stylesQuery.error, 'errors.generic')}
      </p>
    );
  }
  const approved = photos.data?.photos.filter((p) => p.status === 'approved') ?? [];
  const shown = previewPhoto(approved);
  const validStyles = choices.styles.filter((id) => stylesQuery.data.styles.some((s) => s.id === id));

  return (
    <div className={styles.stack}>
      <PhotoUploader data={photos.data} agreed={choices.agreed} onAgree={() => update({ agreed: true })} />
      <section className={ui.card} aria-labelledby="hs-gender-title">
        <h2 id="hs-gender-title" className={styles.cardTitle}>
          {t('headshots.gender.title')}
        </h2>
        <p className={styles.small}>{t('headshots.gender.note')}</p>
        <div className={styles.actionsRow} role="radiogroup" aria-labelledby="hs-gender-title">
          {GENDERS.map((g) => (
            <label key={g} className={styles.choice}>
              <input
                type="radio"
                name="headshot-gender"
                checked={choices.gender === g}
                onChange={() => update({ gender: g })}
                data-testid={`gender-${g}`}
              />
              {t(`headshots.gender.${g}`)}
            </label>
          ))}
        </div>
      </section>
      <StylePicker
        list={stylesQuery.data.styles}
        max={plans.data.max_styles}
        confirmed={validStyles}
        onConfirm={(ids) => update({ styles: ids })}
      />
      <BackdropMenu
        categories={stylesQuery.data.categories}
        photo={shown ? { id: shown.id, url: shown.url } : null}
      />
      <FreeRunActions
        plans={plans.data}
        photoIds={approved.map((p) => p.id)}
        styleIds={validStyles}
        agreed={choices.agreed}
        toResult={(packId) => langPath(submitResultPath(packId))}
      />
      <PlanPicker
        plans={plans.data}
        plan={choices.plan}
        onPlan={(plan) => update({ plan })}
        returnPath={langPath(headshotPaths.upload)}
      />
      <SubmitPanel
        plans={plans.data}
        capacity={photos.data ?? null}
        approvedIds={approved.map((p) => p.id)}
        checking={photos.data?.checking ?? 0}
        declined={photos.data?.declined ?? 0}
        choices={{ ...choices, styles: validStyles }}
        onSubmitted={(packId) => {
          reset();
          return langPath(submitResultPath(packId));
        }}
      />
    </div>
  );
}

/** What is still missing before a pack can be submitted, as i18n keys with values. */
export function missingSteps(input: {
  approved: number;
  checking: number;
  min: number;
  agreed: boolean;
  gender: HeadshotGender | null;
  styles: number;
  available: number;
  /** More varied photos the chosen pack needs (0: the photos give its results). */
  morePhotos?: number;
}): { key: string; values?: Record<string, number> }[] {
  const steps: { key: string; values?: Record<string, number> }[] = [];
  if (!input.agreed) steps.push({ key: 'headshots.submit.needAgreement' });
  if (!hasEnoughPhotos(input.approved, input.min))
    steps.push({
      key: 'headshots.submit.needPhotos',
      values: { count: input.min, approved: input.approved },
    });
  if (input.checking > 0) steps.push({ key: 'headshots.submit.needChecks' });
  // The pack would be refused before payment (decision 165): say what to add instead.
  else if (hasEnoughPhotos(input.approved, input.min) && (input.morePhotos ?? 0) > 0)
    steps.push({ key: 'headshots.submit.needVariety', values: { count: input.morePhotos! } });
  if (input.gender === null) steps.push({ key: 'headshots.submit.needGender' });
  if (input.styles === 0) steps.push({ key: 'headshots.submit.needStyle' });
  if (input.available === 0) steps.push({ key: 'headshots.submit.needPack' });
  return steps;
}

/** What the approved photos give against the chosen pack, from the photos answer. */
type Capacity = Pick<HeadshotPhotosData, 'capacity' | 'pack_results' | 'more_photos'>;

/**
 * "These photos give N distinct headshots; the Basic pack has 50." Shown once the checks are done,
 * so a pack the photos cannot fill is known before paying or submitting.
 */
function CapacityLine({ capacity, plan }: { capacity: Capacity; plan: HeadshotPlanId }) {
  const { t } = useTranslation();
  const needed = capacity.pack_results[plan];
  const short = capacity.more_photos[plan] > 0;
  return (
    <p
      className={short ? styles.error : styles.small}
      data-testid="pack-capacity"
      data-capacity={capacity.capacity}
      data-needed={needed}
    >
      {t('headshots.submit.capacity', { count: capacity.capacity })}{' '}
      {t(short ? 'headshots.submit.capacityShort' : 'headshots.submit.capacityEnough', {
        pack: t(`headshots.plan.${plan}`, { count: needed }),
      })}
    </p>
  );
}

function SubmitPanel({
  plans,
  capacity,
  approvedIds,
  checking,
  declined,
  choices,
  onSubmitted,
}: {
  plans: HeadshotPlansData;
  capacity: Capacity | null;
  approvedIds: string[];
  checking: number;
  declined: number;
  choices: ReturnType<typeof useUploadChoices>['choices'];
  onSubmitted: (packId: string) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitHeadshotPack();
  const plan = plans.plans.find((p) => p.id === choices.plan);
  const missing = missingSteps({
    approved: approvedIds.length,
    checking,
    min: plans.min_photos ?? HEADSHOT_LIMITS.minPhotos,
    agreed: choices.agreed,
    gender: choices.gender,
    styles: choices.styles.length,
    available: plan?.available ?? 0,
    morePhotos: capacity?.more_photos[choices.plan] ?? 0,
  });

  function handleSubmit() {
    if (missing.length > 0 || !choices.gender) return;
    submit.mutate(
      {
        photo_ids: approvedIds.slice(0, plans.max_photos),
        styles: choices.styles,
        gender: choices.gender,
        plan: choices.plan,
        agree: choices.agreed,
      },
      { onSuccess: ({ pack }) => void navigate(onSubmitted(pack.id)) },
    );
  }

  return (
    <section className={ui.card} aria-labelledby="hs-submit-title">
      <h2 id="hs-submit-title" className={styles.cardTitle}>
        {t('headshots.submit.title')}
      </h2>
      {missing.length > 0 ? (
        <ul className={ui.list} data-testid="submit-missing">
          {missing.map((m) => (
            <li key={m.key}>{t(m.key, m.values)}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.small}>
          {t('headshots.submit.ready', {
            photos: t('headshots.units.photos', { count: approvedIds.length }),
            headshots: t('headshots.units.headshots', { count: plan?.results ?? 0 }),
          })}
        </p>
      )}
      {capacity && approvedIds.length > 0 && checking === 0 ? (
        <CapacityLine capacity={capacity} plan={choices.plan} />
      ) : null}
      {declined > 0 ? (
        <p className={styles.small} data-testid="declined-left-out">
          {t('headshots.submit.declinedLeftOut', { count: declined })}
        </p>
      ) : null}
      <p className={styles.small} data-testid="submit-wait">
        {t('headshots.pack.wait')}
      </p>
      {submit.isError ? (
        <SubmitFailure error={submit.error} onRetry={handleSubmit} retrying={submit.isPending} />
      ) : null}
      <button
        type="button"
        className={ui.button}
        disabled={missing.length > 0 || submit.isPending}
        onClick={handleSubmit}
        data-testid="submit-pack"
      >
        {submit.isPending ? t('headshots.submit.sending') : t('headshots.submit.button')}
      </button>
    </section>
  );
}
