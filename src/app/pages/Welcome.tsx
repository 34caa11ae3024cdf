/** The start page: what the application means, who qualifies, what to have ready. */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { CancelEnrollment } from '../components/CancelEnrollment';
import { effectiveDateStore, setGroupCookie } from '../state';
import { fetchCsrfToken } from '../../api/session';
import { pageView } from '../analytics';
import { useText, useVariant } from '../words';
import { fill } from '../../engine/fill';

const List = ({ items }: { items: string[] }) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

export function Welcome() {
  const [params] = useSearchParams();
  const group = params.get('group');
  const { site, welcome, actions } = useText();
  const variant = useVariant();
  // Next goes to the first step of the variant's list, whatever its name.
  const firstStep = variant.steps[0].route;
  const { groupCookie } = variant;
  useEffect(() => {
    effectiveDateStore.clear();
    setGroupCookie(group ?? groupCookie);
    void fetchCsrfToken();
    pageView('welcome');
  }, [group, groupCookie]);
  const marketing: string[] = welcome.marketing;
  return (
    <Layout title={site.title}>
      <p className="lead">{fill(welcome.lead, { bankName: variant.brand.bankName })}</p>
      {marketing.length > 0 && <List items={marketing} />}
      <section aria-labelledby="before">
        <h2 id="before">{welcome.beforeTitle}</h2>
        <List items={welcome.before} />
      </section>
      <section aria-labelledby="eligibility">
        <h2 id="eligibility">{welcome.eligibilityTitle}</h2>
        <p>{welcome.eligibilityIntro}</p>
        <List items={welcome.eligibility} />
        <p>{welcome.rollover}</p>
      </section>
      <section aria-labelledby="ready">
        <h2 id="ready">{welcome.readyTitle}</h2>
        <List items={welcome.ready} />
        <p>{welcome.documentsNote}</p>
      </section>
      <div className="actions">
        <CancelEnrollment />
        <Link className="button" to={group ? `${firstStep}?group=${encodeURIComponent(group)}` : firstStep}>
          {actions.next}
        </Link>
      </div>
    </Layout>
  );
}
