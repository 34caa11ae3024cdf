import { Layout } from '../components/Layout';
import { useText, useVariant } from '../words';
import { Fill } from '../Fill';

export function NotFound() {
  const { notFound } = useText();
  const variant = useVariant();
  return (
    <Layout title={notFound.title}>
      <p>{notFound.text}</p>
      <p>
        <Fill text={notFound.report} values={{ helpPhone: <a href={`tel:+${variant.helpPhone.replace(/\D/g, '')}`}>{variant.helpPhone}</a> }} />
      </p>
    </Layout>
  );
}
