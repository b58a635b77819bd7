import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import { useBusinessApplicationAreas, useProductsOfInterest } from '../../api/info.ts';
import { Button } from '../../ui/button.tsx';
import { CheckboxTree } from '../../ui/checkbox-tree/checkbox-tree.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { toastFailure } from '../../state/request-failure.ts';
import { PREFERENCES_PATH, savePreferences } from './preferences-api.ts';
import { INITIAL_PREFERRING_VALUES, validatePreferring, type PreferringValues } from './preferring-values.ts';

/** The server answers with a checked place to continue; it may be another site. */
function leaveTo(url: string): void {
  window.location.assign(url);
}

/** Welcome after activation or sign-in: products of interest and business application areas, Skip or Submit. */
export default function ChoosingPreferringPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { callbackUrl } = useUrlSession();
  const products = useProductsOfInterest(lang);
  const areas = useBusinessApplicationAreas(lang);
  usePageTitle('preferring.title');

  const send = async (update: Parameters<typeof savePreferences>[0]) => {
    try {
      const reply = await savePreferences({ ...update, returnUrl: callbackUrl || undefined });
      if (reply.isSuccess && reply.data) {
        leaveTo(reply.data.returnUrl);
        return undefined;
      }
      toastFailure(reply);
      return Object.fromEntries((reply.errors ?? []).filter((e) => e.field).map((e) => [e.field, e.code]));
    } catch (error) {
      toastFailure(error);
      return undefined;
    }
  };

  const { trigger: skip, isMutating: skipping } = useSWRMutation(PREFERENCES_PATH, () => send({ skip: true }));

  return (
    <section className="card stack choosing-preferring-page" aria-labelledby="preferring-title">
      <h1 id="preferring-title">{t('preferring.title')}</h1>
      <p>{t('preferring.intro')}</p>
      <Form<PreferringValues>
        onSubmit={(values) => send(values)}
        initialValues={INITIAL_PREFERRING_VALUES}
        validate={validatePreferring}
        subscription={{ submitting: true }}
      >
        {({ handleSubmit, submitting }) => (
          <form className="stack" noValidate onSubmit={handleSubmit}>
            <CheckboxTree name="inProducts" legend="preferring.products" options={products} />
            <CheckboxTree name="businessApplicationAreas" legend="preferring.areas" options={areas} />
            <div className="actions">
              <Button variant="secondary" onClick={() => void skip()} busy={skipping} disabled={submitting}>
                {t('preferring.skip')}
              </Button>
              <Button type="submit" busy={submitting} disabled={skipping}>
                {t('preferring.submit')}
              </Button>
            </div>
          </form>
        )}
      </Form>
    </section>
  );
}
