import { Layout } from '../components/Layout';
import { useText, useVariant } from '../words';
import { fill } from '../../engine/fill';

export function Splash() {
  const { splash } = useText();
  const variant = useVariant();
  return (
    <Layout title={splash.title}>
      <p>{splash.text}</p>
      <p>{splash.apology}</p>
      <p>
        <a href={variant.links.home}>{fill(splash.visit, { bankName: variant.brand.bankName })}</a>
      </p>
    </Layout>
  );
}
