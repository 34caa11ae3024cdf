import { Layout } from '../components/Layout';

/** Shown when rendering fails or a screen cannot be loaded. */
export function ErrorPage({ chunkFailed = false }: { chunkFailed?: boolean }) {
  return (
    <Layout title="Unexpected Application Error!">
      <p>{chunkFailed ? 'Loading chunk failed. Check your connection and reload the page.' : 'Something went wrong on this page.'}</p>
      <p>
        <a href="/enrollment">Start again</a>
      </p>
    </Layout>
  );
}
