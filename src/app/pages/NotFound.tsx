import { Layout } from '../components/Layout';
import { variant } from '../variant';

export function NotFound() {
  return (
    <Layout title="Page not found">
      <p>The URL you requested is not available.</p>
      <p>
        To report an error, call <a href={`tel:+${variant.helpPhone.replace(/\D/g, '')}`}>{variant.helpPhone}</a>.
      </p>
    </Layout>
  );
}
