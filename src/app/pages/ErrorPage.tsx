import { Layout } from '../components/Layout';
import { useText } from '../words';

/** Shown when rendering fails or a screen cannot be loaded. */
export function ErrorPage({ chunkFailed = false }: { chunkFailed?: boolean }) {
  const { errors, actions } = useText();
  return (
    <Layout title={errors.pageTitle}>
      <p>{chunkFailed ? errors.pageChunkFailed : errors.pageFailed}</p>
      <p>
        <a href="/enrollment">{actions.startAgain}</a>
      </p>
    </Layout>
  );
}
