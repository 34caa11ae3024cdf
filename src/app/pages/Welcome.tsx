/** The start page: what the application means, who qualifies, what to have ready. */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { CancelEnrollment } from '../components/CancelEnrollment';
import { variant } from '../variant';
import { effectiveDateStore, setGroupCookie } from '../state';
import { fetchCsrfToken } from '../../api/session';
import { pageView } from '../analytics';

export function Welcome() {
  const [params] = useSearchParams();
  const group = params.get('group');
  useEffect(() => {
    effectiveDateStore.clear();
    setGroupCookie(group ?? variant.groupCookie);
    void fetchCsrfToken();
    pageView('welcome');
  }, [group]);
  const marketing = variant.text?.marketing;
  return (
    <Layout title={variant.brand.title}>
      <p className="lead">Open a Health Savings Account with {variant.brand.bankName} in about 10 minutes.</p>
      {Array.isArray(marketing) && (
        <ul className="marketing">
          {marketing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <section aria-labelledby="before">
        <h2 id="before">Before you start</h2>
        <ul>
          <li>This application is legally binding once submitted.</li>
          <li>You can cancel it at any time before the final screen.</li>
          <li>It takes about 10 minutes.</li>
          <li>Nothing is saved if you leave before finishing.</li>
        </ul>
      </section>
      <section aria-labelledby="eligibility">
        <h2 id="eligibility">Who is eligible</h2>
        <p>Under IRS rules you can open an HSA if:</p>
        <ul>
          <li>you are covered by a high deductible health plan (HDHP) on the first day of the month;</li>
          <li>you have no other disallowed health coverage;</li>
          <li>you are not enrolled in Medicare;</li>
          <li>you cannot be claimed as a dependent on someone else's tax return.</li>
        </ul>
        <p>If you no longer qualify, you may still apply to roll over existing HSA assets with a transfer form once your account is set up.</p>
      </section>
      <section aria-labelledby="ready">
        <h2 id="ready">Have these ready</h2>
        <ul>
          <li>your social security number;</li>
          <li>a valid e-mail address;</li>
          <li>your medical ID card with its group or employer number (unless you are not enrolling under an employer group).</li>
        </ul>
        <p>
          We may ask you to upload a copy of your social security card, a photo ID with your address, or a utility bill if your ID does not show your
          address. Cell phone bills are not accepted.
        </p>
      </section>
      <div className="actions">
        <CancelEnrollment />
        <Link className="button" to={group ? `accountholder?group=${encodeURIComponent(group)}` : 'accountholder'}>
          Next
        </Link>
      </div>
    </Layout>
  );
}
