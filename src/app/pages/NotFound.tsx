import { Layout } from '../components/Layout';
import { variant } from '../variant';
import { useText } from '../copy';
import { Fill } from '../Fill';

export function NotFound() {
  const { notFound } = useText();
  return (
    <Layout title={notFound.title}>
      <p>{notFound.text}</p>
      <p>
        <Fill text={notFound.report} values={{ helpPhone: <a href={`tel:+${variant.helpPhone.replace(/\D/g, '')}`}>{variant.helpPhone}</a> }} />
      </p>
    </Layout>
  );
}
