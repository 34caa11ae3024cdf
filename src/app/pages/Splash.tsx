import { Layout } from '../components/Layout';
import { variant } from '../variant';

export function Splash() {
  return (
    <Layout title="Important notice">
      <p>Our systems are currently undergoing maintenance.</p>
      <p>We apologize for any inconvenience. Please try again later.</p>
      <p>
        <a href={variant.links.home}>Visit {variant.brand.bankName}</a>
      </p>
    </Layout>
  );
}
